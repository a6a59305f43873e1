import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../shell/links';

/** The way from /select-tenant to creating a company (issue 4). */
export function CreateCompanyLink() {
  const { t } = useTranslation('company');
  return (
    <ButtonLink to="/create-company" variant="outlined" startIcon={<AddBusinessIcon />} sx={{ alignSelf: 'flex-start' }}>
      {t('create.link')}
    </ButtonLink>
  );
}
