/** An email a job owes, as far as telling one message from another goes. */
export interface LedgerEntry {
  userId: number;
  kind: string;
  params: Record<string, unknown> | object;
}

/**
 * What makes two job emails the same message: the edition, the recipient, the kind, and what the
 * message says that can change between occurrences of its job (the deadline a reminder names, the
 * decision announced, the Team Leader deadline that closed the option). The ledger holds each key
 * once, so a job re-armed by a moved date sends only what nobody has had yet.
 */
export function ledgerKey(edition: string, dueAt: Date, entry: LedgerEntry): string {
  const params = entry.params as Record<string, unknown>;
  const about = (() => {
    switch (entry.kind) {
      case 'team-leader-closed':
        return dueAt.toISOString();
      case 'application-reminder':
        return `${params.daysLeft}d ${params.applicationEndDate}`;
      case 'confirmation-reminder':
        return `${params.daysLeft}d ${params.confirmBy}`;
      case 'schedule-changed':
        return String(params.change);
      case 'decision':
        return `${params.outcome}${params.teamLeader ? ' TL' : ''}`;
      // One request per reference and request (a referee named by two applicants is two references).
      case 'reference-request':
        return `${params.referenceId}#${params.requestNo}`;
      case 'reference-reminder':
        return `${params.referenceId}#${params.requestNo} ${params.daysLeft}d ${params.closesAt}`;
      // One copy of an organisers' message per recipient.
      case 'message':
      case 'message-copy':
        return String(params.messageId);
      // A notification once per device and notice, a text once per notice.
      case 'push':
        return `${params.notice}:${params.about}#${params.deviceId}`;
      case 'text':
        return String(params.about);
      // One email per archive of a person's data, and one per erasure.
      case 'data-export-ready':
        return String(params.exportId);
      case 'erasure-done':
        return String(params.erasureId);
      default:
        // An offer lapses once, a waitlist offer is made once, schedules come out once.
        return '';
    }
  })();
  return `${edition}|${entry.kind}|${entry.userId}|${about}`;
}
