import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GlobalSetting } from '../../../app/global-settings-query';

/**
 * The option catalogue comes from the server in English; it is shown in the reader's language when this app
 * knows the option (by id), and as the server wrote it otherwise (an option added later still reads sensibly).
 */
export function useCatalogueText() {
  const { t, i18n } = useTranslation('company');
  const lookup = useCallback(
    (key: string, fallback: string) => (i18n.exists(key, { ns: 'company' }) ? (t(key as never) as string) : fallback),
    [t, i18n],
  );
  return useMemo(
    () => ({
      groupTitle: (group: string) => lookup(`catalogue.groups.${group.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`, group),
      settingTitle: (setting: GlobalSetting) => lookup(`catalogue.options.o${setting.codx_tenant_options_values_id}.title`, setting.title),
      settingDescription: (setting: GlobalSetting) =>
        setting.description ? lookup(`catalogue.options.o${setting.codx_tenant_options_values_id}.description`, setting.description) : '',
      optionLabel: (setting: GlobalSetting, option: string) =>
        lookup(`catalogue.options.o${setting.codx_tenant_options_values_id}.choices.c${option}`, option),
      moduleTitle: (module: { module: string; title: string }) => lookup(`catalogue.modules.${module.module}`, module.title),
      pricingTitle: (pricing: { id: number; title: string }) => lookup(`catalogue.pricing.p${pricing.id}`, pricing.title),
    }),
    [lookup],
  );
}
