// Copies the methods of `parts` (classes whose methods use a Shell's `this`) onto `target`'s prototype: the
// Shell's socket and trick-hold halves live in their own modules and stay methods of window.kibitzShell.
export function mixIn(target, ...parts) {
  for (const part of parts) {
    for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(part.prototype))) {
      if (name !== "constructor") Object.defineProperty(target.prototype, name, descriptor);
    }
  }
}
