/**
 * The seam for tool notifications (issue 16: "overdue reservations ... once notifications exist, notify the
 * holder and tool admins"). There is no notifications service yet: the overdue sweep calls this with the people
 * to tell. The notifications module replaces the body.
 */
export type ToolNotice = {
  kind: 'reservation_overdue';
  tenantUuid: string;
  reservationId: number;
  toolId: number;
  recipients: number[];
};

const sent: ToolNotice[] = [];

export function notifyToolPeople(notice: ToolNotice): void {
  if (notice.recipients.length === 0) return;
  // Kept (bounded) so tests can see who would be told; nothing is delivered yet.
  sent.push(notice);
  if (sent.length > 1000) sent.shift();
}

/** For tests: the notices since the last call. */
export function takeToolNotices(): ToolNotice[] {
  return sent.splice(0);
}
