/** The Request files tab's sub-tabs, kept in `?view=` (the requester's email links to `received`). */
export const requestViews = ['create', 'mine', 'received'] as const
export type RequestView = (typeof requestViews)[number]

export function parseRequestView(value: string | null): RequestView {
  return requestViews.find((view) => view === value) ?? 'create'
}
