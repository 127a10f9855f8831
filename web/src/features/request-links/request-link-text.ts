/** Link ID column of My Requests (spec/transfers.md §2): the first 8 characters and an ellipsis. */
export const linkIdPrefix = (requestId: string) => `${requestId.slice(0, 8)}…`
