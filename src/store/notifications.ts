/** What Sql.listen takes and gives, whichever PostgreSQL (embedded or a server) holds the subscription. */
export interface NotificationHandlers {
  onNotify(channel: string, payload: string): void
  /** The subscription was lost and is back: notifications sent meanwhile were missed. */
  onReconnect(): void
}

export interface Notifications {
  /** The PostgreSQL backend holding the subscription: alive exactly as long as this process's subscription. */
  backendPid: number | undefined
  close(): Promise<void>
}
