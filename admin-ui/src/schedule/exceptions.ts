import { EXCEPTION_REASON_MAX, RULE_LABELS, type RuleName, type ScheduleException } from '@svp/domain';

/** A refusal an administrator may override by giving a reason: 409 RULE_BROKEN naming only rules that may be set aside. */
export interface ExceptableRefusal {
  message: string;
  rules: RuleName[];
}

/** The refusal behind a failed assignment call when an exception could get past it, else null. */
export function exceptableRefusal(error: unknown): ExceptableRefusal | null {
  const failure = error as { status?: number; message?: string; body?: { err?: string; exceptable?: boolean; rules?: RuleName[] } };
  if (failure?.status !== 409 || failure.body?.err !== 'RULE_BROKEN' || failure.body.exceptable !== true) return null;
  return { message: failure.message ?? '', rules: failure.body.rules ?? [] };
}

/** What is wrong with a reason as typed, or null. */
export function reasonProblem(reason: string): string | null {
  if (!reason.trim()) return 'Say why this person is assigned despite the rule.';
  if (reason.length > EXCEPTION_REASON_MAX) return `Keep the reason to ${EXCEPTION_REASON_MAX} characters.`;
  return null;
}

/** "Exception (Pre-conference wish): agreed by email — Olive Organiser" */
export function exceptionText(exception: Pick<ScheduleException, 'rules' | 'reason'> & { madeBy?: { name: string } }): string {
  const rules = exception.rules.map((rule) => RULE_LABELS[rule]).join(', ');
  return `Exception (${rules}): ${exception.reason}${exception.madeBy ? ` — ${exception.madeBy.name}` : ''}`;
}
