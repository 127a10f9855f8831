/**
 * Where links about a sender's transfers point (issue 22 item 2): an organization with a verified
 * custom domain gets its own host in share links, e-mails and SFTP logins. The custom-domains
 * feature provides it (composition.ts); without it every link uses Ferry's own address.
 */
export interface LinkOrigins {
  /** The origin (`https://files.example.com`) for links to this sender's transfers. */
  linkOrigin(senderId: string | null | undefined): Promise<string>
  /** The host name SFTP logins of this sender's transfers show. */
  sftpHost(senderId: string): Promise<string>
}

/** The origin of a sender's links: `links` when given, else Ferry's own address. */
export const originFor = (
  deps: { config: { publicUrl: string }; links?: LinkOrigins },
  senderId: string | null | undefined,
): Promise<string> => deps.links?.linkOrigin(senderId) ?? Promise.resolve(deps.config.publicUrl)
