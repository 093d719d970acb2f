import { lookup } from 'node:dns/promises';

/**
 * Turns a host name into its addresses, injected so a test can answer with a hosts file of its
 * own (a name resolving to a private address) without touching the machine's DNS.
 */
export abstract class HostResolver {
  abstract resolve(hostname: string): Promise<string[]>;
}

/** The operating system's resolver (getaddrinfo: /etc/hosts, then DNS), every address it gives. */
export class SystemHostResolver extends HostResolver {
  async resolve(hostname: string): Promise<string[]> {
    const answers = await lookup(hostname, { all: true, order: 'verbatim' });
    return answers.map((answer) => answer.address);
  }
}
