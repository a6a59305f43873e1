import GetAppIcon from '@mui/icons-material/GetApp';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import { Badge, IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePwa } from './pwa';
import { ThemeSwitcher } from './theme-mode';

/** Right-hand app-bar controls: theme switcher and a menu for installing and updating the app. */
export function AppBarActions() {
  const { t } = useTranslation('shell');
  const { installAvailable, install, updateAvailable, activateUpdate } = usePwa();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const hasItems = installAvailable || updateAvailable;

  return (
    <>
      <ThemeSwitcher />
      {hasItems && (
        <>
          <IconButton
            color="inherit"
            aria-label={t('menu.moreOptions')}
            aria-controls={anchor ? menuId : undefined}
            aria-haspopup="menu"
            aria-expanded={Boolean(anchor)}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <Badge color="error" variant="dot" invisible={!updateAvailable}>
              <MoreVertIcon />
            </Badge>
          </IconButton>
          <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
            {installAvailable && (
              <MenuItem
                onClick={() => {
                  setAnchor(null);
                  void install();
                }}
              >
                <ListItemIcon>
                  <GetAppIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>{t('menu.installApp')}</ListItemText>
              </MenuItem>
            )}
            {updateAvailable && (
              <MenuItem
                onClick={() => {
                  setAnchor(null);
                  activateUpdate();
                }}
              >
                <ListItemIcon>
                  <SystemUpdateAltIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>{t('menu.reloadToUpdate')}</ListItemText>
              </MenuItem>
            )}
          </Menu>
        </>
      )}
    </>
  );
}
