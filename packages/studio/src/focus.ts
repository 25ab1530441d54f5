// Focus that follows a change: after the page draws what the change made (a row replaced,
// a list redrawn), the element with this id takes the focus, so a keyboard user stays
// where they were working. Unless they have moved on in the meantime: someone who clicked
// or tabbed into a field before the frame came keeps their place (taking the focus then
// would type their next keys into another field).
export function focusSoon(id: string): void {
  const before = document.activeElement;
  requestAnimationFrame(() => {
    const now = document.activeElement;
    if (now !== null && now !== before && now !== document.body) return;
    document.getElementById(id)?.focus();
  });
}
