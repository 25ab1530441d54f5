// Focus that follows a change: after the page draws what the change made (a row replaced,
// a list redrawn), the element with this id takes the focus, so a keyboard user stays
// where they were working.
export function focusSoon(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}
