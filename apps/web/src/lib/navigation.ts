/** A full page load: leaves the single-page app (and drops all in-memory state). */
export function hardNavigate(url: string): void {
  window.location.assign(url);
}
