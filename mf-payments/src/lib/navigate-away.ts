/** Leaves the single-page app for another document (the provider's hosted checkout). A seam for tests. */
export const leavePage = {
  to(url: string) {
    window.location.assign(url);
  },
};
