import { TextInput } from '@mantine/core';
import { Spotlight, spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The header's global search (SPEC §2: inquiries, offers and projects). The search module fills
 * the results; until it exists the spotlight says what it will search.
 */
export const SearchBox = () => {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        visibleFrom="sm"
        readOnly
        onClick={spotlight.open}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') spotlight.open();
        }}
        leftSection={<IconSearch size={16} />}
        placeholder={t('header.search')}
        aria-label={t('header.search')}
        style={{ flex: 1, maxWidth: 420 }}
        data-testid="header-search"
      />
      <Spotlight
        actions={[]}
        nothingFound={t('header.searchNothing')}
        searchProps={{ leftSection: <IconSearch size={18} />, placeholder: t('header.search') }}
        shortcut={['mod + K', '/']}
      />
    </>
  );
};
