/** Same-window navigation to another site (a payment page); its own object so tests can observe it. */
export const leavePage = {
  to(url: string): void {
    window.location.assign(url);
  },
};
