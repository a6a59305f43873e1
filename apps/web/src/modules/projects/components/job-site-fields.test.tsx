import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerOperations, renderWithQueries, requestCalls, setupGraphQLEndpoint } from '../../../shell/test-utils';
import type { Job } from '../api/queries';
import { JobFormDialog } from './job-form-dialog';
import { readSite } from './job-site-fields';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000047';
const job = {
  id: 7,
  job: 'Riverside Medical Office Building',
  job_abbr: 'RMOB',
  status: 1,
  customer: null,
  description: null,
  start_date: null,
  end_date: null,
  milestones: [],
  site_latitude: null,
  site_longitude: null,
  site_radius_m: null,
} as unknown as Job;

beforeEach(() => {
  answerOperations({
    UpdateJobs: (v) => ({ updateJobs: v.data }),
    CreateJobs: () => ({ createJobs: [{ id: 8 }] }),
    SetJobSite: (v) => ({
      setJobSite: { jobs_id: v.jobs_id, site_latitude: v.site_latitude, site_longitude: v.site_longitude, site_radius_m: v.site_radius_m },
    }),
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'geolocation');
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('a job’s site for the punch clock', () => {
  it('refuses half a point and a radius out of bounds, then saves the site with setJobSite', async () => {
    const onClose = vi.fn();
    renderWithQueries(<JobFormDialog tenant={TENANT} open job={job} onClose={onClose} />);
    fireEvent.change(field('Site latitude'), { target: { value: '39.753' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give both the latitude and the longitude, or neither.')).toBeVisible();
    fireEvent.change(field('Site longitude'), { target: { value: '-104.999' } });
    fireEvent.change(field('Site radius (metres)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The radius must be a whole number from 10 to 5000 metres.')).toBeVisible();
    expect(requestCalls('UpdateJobs')).toEqual([]);
    fireEvent.change(field('Site radius (metres)'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requestCalls('SetJobSite')).toEqual([
      { tenant_uuid: TENANT, jobs_id: 7, site_latitude: 39.753, site_longitude: -104.999, site_radius_m: 150 },
    ]);
    // The job's own fields go as before, without the site.
    expect(requestCalls('UpdateJobs')[0]?.data).toEqual([expect.not.objectContaining({ site_latitude: expect.anything() })]);
  });

  it('fills the point from one reading of the phone’s place, and leaves an unchanged site alone', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 39.7170004, longitude: -104.9530009, accuracy: 5 } } as GeolocationPosition),
    );
    const watchPosition = vi.fn();
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition, watchPosition, clearWatch: vi.fn() },
    });
    const onClose = vi.fn();
    renderWithQueries(
      <JobFormDialog
        tenant={TENANT}
        open
        job={{ ...job, site_latitude: 1, site_longitude: 2, site_radius_m: 100 } as Job}
        onClose={onClose}
      />,
    );
    expect(field('Site latitude')).toHaveValue('1');
    fireEvent.click(screen.getByRole('button', { name: 'Use my location here' }));
    await waitFor(() => expect(field('Site latitude')).toHaveValue('39.717000'));
    expect(field('Site longitude')).toHaveValue('-104.953001');
    expect(field('Site radius (metres)')).toHaveValue('100');
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(watchPosition).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requestCalls('SetJobSite')[0]).toMatchObject({ site_latitude: 39.717, site_longitude: -104.953001, site_radius_m: 100 });
  });

  it('reads an untouched empty site as none (nothing to send)', () => {
    expect(readSite({ site_latitude: '', site_longitude: ' ', site_radius_m: '' })).toEqual({
      ok: true,
      site: { site_latitude: null, site_longitude: null, site_radius_m: null },
    });
    expect(readSite({ site_latitude: '39,5', site_longitude: '-105', site_radius_m: '' })).toMatchObject({
      ok: true,
      site: { site_latitude: 39.5 },
    });
    expect(readSite({ site_latitude: 'north', site_longitude: '-105', site_radius_m: '' })).toEqual({
      ok: false,
      error: { field: 'site_latitude', key: 'number' },
    });
    expect(readSite({ site_latitude: '91', site_longitude: '-105', site_radius_m: '' })).toEqual({
      ok: false,
      error: { field: 'site_latitude', key: 'latitudeRange' },
    });
  });
});
