import BugReportOutlinedIcon from '@mui/icons-material/BugReportOutlined';
import GetAppIcon from '@mui/icons-material/GetApp';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import { Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface AccountMenuProps {
  id: string;
  anchor: HTMLElement | null;
  /** The id of the button that opens it. */
  labelledBy: string;
  onClose: () => void;
  onProfile: () => void;
  onReportIssue: () => void;
  onSwitchCompany: () => void;
  /** Only while the app can be installed. */
  onInstall?: () => void;
  /** Only while an update waits. */
  onUpdate?: () => void;
  onSignOut: () => void;
}

function Item({ icon, label, onClick }: { icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <MenuItem onClick={onClick}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
}

/** The app bar's account menu: profile, report an issue, switch company, install or update the app, sign out. */
export function AccountMenu({ id, anchor, labelledBy, onClose, ...on }: AccountMenuProps) {
  const { t } = useTranslation('profile');
  const { t: tShell } = useTranslation('shell');
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} slotProps={{ list: { 'aria-labelledby': labelledBy } }}>
      <Item icon={<PersonOutlinedIcon fontSize="small" />} label={t('menu.profile')} onClick={on.onProfile} />
      <Item icon={<BugReportOutlinedIcon fontSize="small" />} label={t('menu.reportIssue')} onClick={on.onReportIssue} />
      <Item icon={<SwapHorizIcon fontSize="small" />} label={t('menu.switchCompany')} onClick={on.onSwitchCompany} />
      {(on.onInstall || on.onUpdate) && <Divider />}
      {on.onInstall && <Item icon={<GetAppIcon fontSize="small" />} label={tShell('menu.installApp')} onClick={on.onInstall} />}
      {on.onUpdate && <Item icon={<SystemUpdateAltIcon fontSize="small" />} label={tShell('menu.reloadToUpdate')} onClick={on.onUpdate} />}
      <Divider />
      <Item icon={<LogoutIcon fontSize="small" />} label={t('menu.signOut')} onClick={on.onSignOut} />
    </Menu>
  );
}
