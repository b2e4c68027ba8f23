/** Query keys of the billing area: one factory, so a payment can refresh the whole branch. */
export const billingKeys = {
  all: ['billing'] as const,
  info: () => [...billingKeys.all, 'info'] as const,
  invoices: (query: { page: number; pageSize: number; sort: string; order: string }) =>
    [...billingKeys.all, 'invoices', query] as const,
  invoice: (id: string) => [...billingKeys.all, 'invoice', id] as const,
  transactions: (range: { from: string; to: string }) =>
    [...billingKeys.all, 'transactions', range] as const,
  upgrade: () => [...billingKeys.all, 'upgrade'] as const,
  proration: (planCode: string, term: string) =>
    [...billingKeys.all, 'proration', planCode, term] as const,
};
