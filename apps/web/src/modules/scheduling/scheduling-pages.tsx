import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/use-can';
import { TenantGate } from '../../components/tenant-gate';
import { MyCrews } from './components/my-crews';
import { MySchedule } from './components/my-schedule';
import { ScheduleBoard } from './components/schedule-board';

function WithTenant({ children }: { children: (tenant: string) => React.ReactNode }) {
  const { t } = useTranslation('scheduling');
  return <TenantGate noTenant={t('noTenant')}>{children}</TenantGate>;
}

/** /admin/scheduling: the planner's board (scheduling_admin writes; others only look). */
export function SchedulingAdminPage() {
  const canWrite = useCan('scheduling', 'write');
  return <WithTenant>{(tenant) => <ScheduleBoard tenant={tenant} canWrite={canWrite} />}</WithTenant>;
}

/** /modules/scheduling: a foreman's crews for the coming days; a planner with no crews gets the board (issue 46). */
export function SchedulingPage() {
  const planner = useCan('scheduling', 'write');
  return <WithTenant>{(tenant) => <MyCrews tenant={tenant} planner={planner} />}</WithTenant>;
}

/** /modules/scheduled: My Schedule. */
export function ScheduledPage() {
  return <WithTenant>{(tenant) => <MySchedule tenant={tenant} />}</WithTenant>;
}
