// The site's view library: Preact with htm's tagged templates, vendored from the npm registry (static/vendor/,
// docs/decisions-tables.md "View library"). Texts and attributes put into html`…` are escaped by the DOM, so no
// page builds HTML strings by hand. State lives outside the components: a page calls render() again after a change.
import { h, render, Fragment } from "../vendor/preact/preact.js";
import htm from "../vendor/htm/htm.js";

export const html = htm.bind(h);
export { h, render, Fragment };
