// How people, jobs and cost codes are named on every screen, export and report (issue 14: one home; the server's
// lists name them the same way in SQL: employees.table.ts `employeeName`, jobs.table.ts `jobLabelSql`).

export type NamedPerson = {
  id: number;
  firstname?: string | null;
  lastname?: string | null;
  username?: string | null;
  email?: string | null;
};

/** First and last name, else the username or e-mail, else '#id': a person is never shown blank. */
export function personName(p: NamedPerson): string {
  return [p.firstname?.trim(), p.lastname?.trim()].filter(Boolean).join(' ') || p.username || p.email || `#${p.id}`;
}

/** Spec §9: "ABBR · Job" when the job has an abbreviation, else its name. */
export const jobLabel = (j: { job: string; job_abbr?: string | null }) => (j.job_abbr?.trim() ? `${j.job_abbr} · ${j.job}` : j.job);

/** The code and its description: "01-100 Site work". */
export const costcodeLabel = (c: { costcode: string; description?: string | null }) =>
  c.description ? `${c.costcode} ${c.description}` : c.costcode;
