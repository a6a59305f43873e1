import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import { Alert, AlertTitle } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/use-can';
import { TextLink } from '../../shell/links';
import * as api from './api';
import { htmlToText } from './body-text';

/**
 * The company's pinned announcement (is_default) for the dashboard, when it reaches the person today: its title, the
 * start of its text and a link to the announcements page. Nothing when there is none or the person cannot read them.
 */
export function PinnedAnnouncement({ tenant }: { tenant: string }) {
  const { t } = useTranslation('announcements');
  const reader = useCan('announcements', 'read');
  const list = useQuery({ ...api.currentAnnouncementsOptions(tenant), enabled: reader });
  const pinned = list.data?.find((a) => a.is_default);
  if (!pinned) return null;
  const text = htmlToText(pinned.body);
  return (
    <Alert severity="info" icon={<PushPinOutlinedIcon />} data-testid="pinned-announcement">
      <AlertTitle>{pinned.title}</AlertTitle>
      {text.length > 200 ? `${text.slice(0, 200)}…` : text}{' '}
      <TextLink to="/modules/announcements" search={{ id: pinned.id }}>
        {t('readMore')}
      </TextLink>
    </Alert>
  );
}
