import { useCallback, useEffect, useRef, useState } from 'react';
import type { Report } from './api';
import { initialReport, type ReportValues } from './report-form';

const draftKey = (tenant: string, report: Report | null) => `gw-report-draft:${tenant}:${report?.id ?? 'new'}`;
function readLocalDraft(key: string): ReportValues | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as ReportValues) : null;
  } catch {
    return null;
  }
}

/**
 * The report form's values, kept on the device while the signal drops: restored from an unsaved draft when one is
 * there, written 400 ms after the last keystroke and at once when the dialog closes (unless `saved` was set because the
 * report was saved): a phone locked mid-sentence loses nothing.
 */
export function useReportDraft(tenant: string, report: Report | null, defaultJob: number | null) {
  const key = draftKey(tenant, report);
  const stored = useRef(readLocalDraft(key));
  // The form as opened: only what differs from it is an unsaved change worth keeping (and offering back).
  const pristine = useRef(JSON.stringify(initialReport(report, defaultJob)));
  const [values, setValues] = useState<ReportValues>(() => stored.current ?? initialReport(report, defaultJob));
  const [restored, setRestored] = useState(Boolean(stored.current));
  const latest = useRef(values);
  latest.current = values;
  const saved = useRef(false);
  const keepLocal = useCallback(() => {
    if (saved.current) return;
    try {
      const json = JSON.stringify(latest.current);
      if (json === pristine.current) localStorage.removeItem(key);
      else localStorage.setItem(key, json);
    } catch {
      // Storage full or private mode: the form still works, only without the local copy.
    }
  }, [key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the 400 ms starts again at every change of the form.
  useEffect(() => {
    const timer = setTimeout(keepLocal, 400);
    return () => clearTimeout(timer);
  }, [keepLocal, values]);
  useEffect(() => keepLocal, [keepLocal]);
  return { key, values, setValues, restored, setRestored, saved };
}
