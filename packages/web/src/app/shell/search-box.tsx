import type { SearchHit, SearchKind } from '@karm/domain/contract';
import { Badge, Box, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGlobalSearch } from '@/lib/api/search';
import { href } from '../routes';
import classes from './search-box.module.css';

/** Long enough to skip the keystrokes of a word being typed, short enough to feel immediate. */
const DEBOUNCE_MS = 250;

/** Where a hit opens: the kind's list page, which opens the record's dialog for `?open=<id>`. */
const PAGE_OF_KIND = { project: 'projects', offer: 'offer', inquiry: 'inquiries' } as const satisfies Record<
  SearchKind,
  Parameters<typeof href.open>[0]
>;

const HitLine = ({ hit }: { hit: SearchHit }) => {
  const { t } = useTranslation();
  return (
    <Group wrap="nowrap" gap="sm" w="100%">
      <Text fw={600} c="blue.7" miw={56} ff="monospace">
        {hit.number}
      </Text>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text truncate>{hit.title}</Text>
        {hit.subtitle && (
          <Text size="xs" c="dimmed" truncate>
            {hit.subtitle}
          </Text>
        )}
      </Stack>
      {hit.archived && (
        <Badge color="gray" variant="light" size="sm">
          {t('search.archived')}
        </Badge>
      )}
    </Group>
  );
};

/**
 * The header's global search (SPEC §2: inquiries, offers and projects). The field opens a spotlight
 * panel; the typed term is sent, debounced, as one `search:global` request, and the hits show grouped
 * under Inquiries, Offers and Projects. Arrow keys move, Enter opens, Escape closes.
 */
export const SearchBox = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [term] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const search = useGlobalSearch(term);
  const isWaiting = query.trim() !== term || search.isFetching;
  const result = query.trim() ? search.data : undefined;

  const body = () => {
    if (!query.trim())
      return (
        <Text c="dimmed" size="sm" p="md">
          {t('search.typeToSearch')}
        </Text>
      );
    if (!result)
      return (
        <Group p="md" gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('search.searching')}
          </Text>
        </Group>
      );
    if (result.groups.length === 0) {
      return isWaiting ? (
        <Group p="md" gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('search.searching')}
          </Text>
        </Group>
      ) : (
        <Text c="dimmed" size="sm" p="md">
          {t('search.nothingFound', { term: result.term })}
        </Text>
      );
    }
    return result.groups.map((group) => (
      // Own heading rather than ActionsGroup's label, which is CSS content screen readers do not read.
      <Box key={group.kind} role="group" aria-labelledby={`search-group-${group.kind}`} pb={4}>
        <Text
          id={`search-group-${group.kind}`}
          size="xs"
          fw={700}
          tt="uppercase"
          c="dimmed"
          px="md"
          pt="xs"
          pb={4}
        >
          {t(`search.groups.${group.kind}`)}
        </Text>
        {group.hits.map((hit) => (
          <Spotlight.Action
            key={hit.id}
            aria-label={`${hit.number} ${hit.title}`}
            onClick={() => void navigate(href.open(PAGE_OF_KIND[hit.kind], hit.id))}
          >
            <HitLine hit={hit} />
          </Spotlight.Action>
        ))}
      </Box>
    ));
  };

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
      <Spotlight.Root
        query={query}
        onQueryChange={setQuery}
        shortcut={['mod + K', '/']}
        scrollable
        maxHeight={480}
        classNames={{ action: classes.action }}
      >
        <Spotlight.Search
          placeholder={t('header.search')}
          aria-label={t('header.search')}
          leftSection={isWaiting && query.trim() ? <Loader size={16} /> : <IconSearch size={18} />}
        />
        <Spotlight.ActionsList aria-label={t('search.results')}>{body()}</Spotlight.ActionsList>
      </Spotlight.Root>
    </>
  );
};
