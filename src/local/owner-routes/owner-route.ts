/** A request to one of a listener owner's routes (owner-routes.ts). */
export interface OwnerRoute {
  listenerId: string
  /** The network of the route (`<network>-indexer`). */
  network: string
  action: 'deliveries' | 'resend' | 'recover' | 'trigger-transfer' | 'trigger-reorg'
  /** The delivery of `resend`. */
  uid: string | undefined
  query: URLSearchParams
}
