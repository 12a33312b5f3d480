// The JavaScript catalog's functions (Django's /jsi18n/ puts gettext and interpolate on window), readable before
// the catalog has loaded. `t("…")` is a makemessages keyword (games/management/commands/makemessages.py).
export const t = (text) => (window.gettext ? window.gettext(text) : text);

export const interpolate = (format, values) => (window.interpolate
  ? window.interpolate(format, values, true)
  : format.replace(/%\((\w+)\)s/g, (_, key) => values[key]));

/** The catalog's plural of a count: `ngettext("%(count)s table", "%(count)s tables", n)` (a makemessages keyword);
 * English's rule before the catalog has loaded. */
export const ngettext = (singular, plural, count) => (window.ngettext
  ? window.ngettext(singular, plural, count)
  : (count === 1 ? singular : plural));

// A text with a context, for short texts that mean different things in different places (a card's index letter):
// `pgettext("…", "…")` is one of xgettext's JavaScript keywords.
export const pgettext = (context, text) => (window.pgettext ? window.pgettext(context, text) : text);
