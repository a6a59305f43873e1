import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import GpsOffIcon from '@mui/icons-material/GpsOff';
import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDistance } from './format';

/**
 * An outlined chip in a status colour: its border and icon take the colour, its words stay the text colour (the
 * status greens and oranges are under 4.5:1 as text on white); red words use the theme's red for text.
 */
export function toned(
  tone: 'success' | 'error' | 'warning' | 'default',
  extra: Record<string, unknown> = {},
): Pick<ChipProps, 'variant' | 'sx'> {
  if (tone === 'default') return { variant: 'outlined', sx: extra };
  return {
    variant: 'outlined',
    sx: {
      borderColor: `${tone}.main`,
      '& .MuiChip-icon': { color: `${tone}.main` },
      ...(tone === 'error' ? { color: 'errorText' } : {}),
      ...extra,
    },
  };
}

interface LocationBadgeProps {
  status: string | null | undefined;
  outside: boolean;
  distance: number | null | undefined;
  /** Said before the place: "In", "Out" (which punch of the segment). */
  prefix?: string;
  /** Shown while the punch waits on this phone: the server has not measured it yet. */
  pending?: boolean;
}

/** What a punch recorded of the place: inside the site's fence, outside it and how far, or no location and why. */
export function LocationBadge({ status, outside, distance, prefix, pending }: LocationBadgeProps) {
  const { t, i18n } = useTranslation('timecards');
  let label: string;
  let color: 'success' | 'error' | 'default' = 'default';
  let icon = <GpsOffIcon />;
  if (status === 'GIVEN') {
    if (pending) label = t('clock.location.recorded');
    else if (outside) {
      label =
        distance != null
          ? t('clock.location.outsideBy', { distance: formatDistance(distance, i18n.language) })
          : t('clock.location.outside');
      color = 'error';
      icon = <WrongLocationIcon />;
    } else if (distance != null) {
      label = t('clock.location.inside');
      color = 'success';
      icon = <GpsFixedIcon />;
    } else label = t('clock.location.recorded');
    if (color === 'default') icon = <GpsFixedIcon />;
  } else if (status === 'DENIED') label = t('clock.location.denied');
  else if (status === 'UNAVAILABLE') label = t('clock.location.unavailable');
  else label = t('clock.location.none');
  return (
    <Chip
      size="small"
      {...toned(color)}
      icon={icon}
      label={prefix ? `${prefix}: ${label}` : label}
      data-testid="location-badge"
      style={{ maxWidth: '100%' }}
    />
  );
}
