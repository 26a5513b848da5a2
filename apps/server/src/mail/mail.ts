/** What the product sends by mail, and what sends it: SMTP through the outbox, or files. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A one-time code the reader types in; logged beside the links when there is no SMTP. */
  code?: string;
  /** Files sent with the mail, read from disk as it goes out. */
  attachments?: { filename: string; path: string; contentType?: string }[];
}

export interface Mailer {
  /** Resolves once the mail is on its way: queued for SMTP, or written to the file outbox. */
  send(mail: Mail): Promise<void>;
  close?(): Promise<void>;
}
