import type { OrderDto, ProjectDto, ProjectFieldsInput } from '@karm/domain/contract';
import { projectFieldsSchema } from '@karm/domain/contract';
import { linesTotals } from '@karm/domain/rules';
import { Alert, Button, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AppDialog,
  ArchiveReasonDialog,
  ConfirmationsPanel,
  errorMessageOf,
  notifyError,
  notifySuccess,
  PdfViewerDialog,
  PrintLink,
  ReadOnlyFieldset,
  useConfirm,
  useDocumentLanguage,
  useRecordArchiving,
  useRecordQuestions,
} from '@/components';
import {
  projectCombinedQueryOptions,
  useArchiveProject,
  useCreateProject,
  useDeleteProject,
  useProcessColumnsLookup,
  useProjectCombined,
  useSaveProjectOrders,
  useUnarchiveProject,
  useUpdateProject,
} from '@/lib/api/projects';
import { useDownloadLink } from '@/lib/download-links';
import { applyServerFieldErrors } from '@/lib/forms';
import { useCan } from '@/lib/permissions';
import { FromOfferLink } from './from-offer-link';
import { ProjectStateBadge } from './project-badges';
import { activePlansOf, isStaleVersion } from './project-errors';
import { ProjectFieldsTab } from './project-fields-tab';
import {
  changedFields,
  newProjectValues,
  type OrderDraft,
  ordersDiffer,
  toDrafts,
  toFormValues,
  toOrderInputs,
  useProjectForm,
} from './project-form';
import { ProjectInvoicesTab } from './project-invoices-tab';
import { ProjectNotesTab } from './project-notes-tab';
import { ProjectOrdersTab } from './project-orders-tab';
import { ProjectProcessTab } from './project-process-tab';

export type ProjectDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The project to open; null or left out for a new project. */
  projectId?: string | null;
  /** Values a new project starts with (the service list starts service projects). */
  defaults?: Partial<ProjectFieldsInput>;
  /** Called after every successful save, archive or unarchive, with the saved project. */
  onSaved?: (project: ProjectDto) => void;
  /** Called after the project was deleted; the dialog then closes. */
  onDeleted?: (projectId: string) => void;
  /** Where "From offer N" leads; without it the offer number shows as text. */
  offerHref?: (offerId: string) => string;
  /**
   * The saved project's tasks (the app composes the tasks feature's list here); without it, or for
   * someone who may not read tasks, there is no Tasks tab.
   */
  renderTasks?: (project: Pick<ProjectDto, 'id' | 'number' | 'name'>) => ReactNode;
  /**
   * The saved project's deviations and checklists (the app composes the quality feature's view);
   * without it, or for someone who may not read quality, there is no Quality tab.
   */
  renderQuality?: (project: Pick<ProjectDto, 'id' | 'number' | 'name'>) => ReactNode;
  /**
   * The saved project's parts and hours (the app composes the products feature's list); without it,
   * or for someone who may not read service work, there is no Expenses tab.
   */
  renderExpenses?: (project: Pick<ProjectDto, 'id' | 'number' | 'name'>) => ReactNode;
  /** The saved project's print sheet (`/print`); without it there is no Print button. */
  printHref?: (projectId: string) => string;
};

const TABS = [
  'project',
  'process',
  'orders',
  'confirmations',
  'invoices',
  'tasks',
  'quality',
  'expenses',
  'notes',
] as const;
type Tab = (typeof TABS)[number];
const NOTE_FIELDS = ['noteToPlanner', 'workOrderNotes'];

/** The saved project the dialog edits from: its version is the one every save is made against. */
type Saved = { project: ProjectDto; orders: OrderDto[] };

/**
 * SPEC §2 "new or edit project": the project's fields, its process cells (read-only), its orders and
 * notes. A new project must be saved before the other tabs open (SPEC §4). A save against an older
 * version than the database's offers to retrieve the newer data (SPEC §4, DESIGN rule 5). Without
 * projects.write the project is shown read only; its work order still opens.
 */
export const ProjectDialog = ({ opened, ...props }: ProjectDialogProps) =>
  // Mounted only while open, so each opening starts from what the database holds.
  opened ? <ProjectDialogWindow key={props.projectId ?? 'new'} {...props} /> : null;

const ProjectDialogWindow = ({
  onClose,
  projectId: openedId,
  defaults,
  onSaved,
  onDeleted,
  offerHref,
  renderTasks,
  renderQuality,
  renderExpenses,
  printHref,
}: Omit<ProjectDialogProps, 'opened'>) => {
  const { t } = useTranslation('projects');
  const confirm = useConfirm();
  const questions = useRecordQuestions('projects');
  const queryClient = useQueryClient();
  const [projectId, setProjectId] = useState(openedId ?? null);
  const combined = useProjectCombined(projectId);
  const columns = useProcessColumnsLookup({ enabled: projectId !== null });
  const [saved, setSaved] = useState<Saved | null>(null);
  const form = useProjectForm(newProjectValues(defaults));
  const [orders, setOrders] = useState<OrderDraft[]>([]);
  const [tab, setTab] = useState<Tab>('project');
  const [isShowingWorkOrder, setIsShowingWorkOrder] = useState(false);
  const workOrderLanguage = useDocumentLanguage();
  const workOrderUrl = useDownloadLink(
    saved && isShowingWorkOrder
      ? { kind: 'work-order-pdf', id: saved.project.id, locale: workOrderLanguage.requested }
      : null,
    (error) => {
      setIsShowingWorkOrder(false);
      notifyError(error);
    },
  );
  const createProject = useCreateProject();
  const updateProject = useUpdateProject();
  const saveOrders = useSaveProjectOrders();
  const archiveProject = useArchiveProject();
  const unarchiveProject = useUnarchiveProject();
  const deleteProject = useDeleteProject();
  const isReadOnly = !useCan('projects.write');
  const mayReadInvoices = useCan('invoices.read');
  const mayReadTasks = useCan('tasks.read', 'tasks.write', 'tasks.own') && renderTasks !== undefined;
  const mayReadQuality = useCan('quality.read') && renderQuality !== undefined;
  const mayReadExpenses = useCan('service.read') && renderExpenses !== undefined;
  const isTabShown = (value: Tab) =>
    (value !== 'invoices' || mayReadInvoices) &&
    (value !== 'tasks' || mayReadTasks) &&
    (value !== 'quality' || mayReadQuality) &&
    (value !== 'expenses' || mayReadExpenses);

  /** Makes a saved state the form's starting point; unsaved edits are dropped. */
  const adopt = (project: ProjectDto, savedOrders: OrderDto[]) => {
    const values = toFormValues(project);
    setSaved({ project, orders: savedOrders });
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setOrders(toDrafts(savedOrders));
  };

  // The first answer fetched for this opening becomes the form (a cached copy may be old); later ones
  // (pushes) never overwrite edits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: adopt is recreated every render
  useEffect(() => {
    if (saved === null && combined.data && combined.isFetchedAfterMount) {
      adopt(combined.data.project, combined.data.orders);
    }
  }, [saved, combined.data, combined.isFetchedAfterMount]);

  const isNew = projectId === null;
  const isLoading = !isNew && saved === null;
  const project = saved?.project ?? null;
  const isDirty = saved
    ? Object.keys(changedFields(saved.project, form.values)).length > 0 || ordersDiffer(orders, saved.orders)
    : form.isDirty();
  const hasNewerVersion =
    saved !== null && combined.data !== undefined && combined.data.project.version > saved.project.version;

  const retrieveNewer = async () => {
    if (!projectId) return;
    try {
      const fresh = await queryClient.fetchQuery({ ...projectCombinedQueryOptions(projectId), staleTime: 0 });
      adopt(fresh.project, fresh.orders);
      notifySuccess(t('toast.retrieved'));
    } catch (error) {
      notifyError(error);
    }
  };

  const offerNewer = async () => {
    if (await questions.wantsNewerVersion()) await retrieveNewer();
  };

  const fail = async (error: unknown) => {
    if (isStaleVersion(error)) await offerNewer();
    else if (applyServerFieldErrors(form, error)) setTab('project');
    else notifyError(error);
  };

  const save = async () => {
    const validation = form.validate();
    if (validation.hasErrors) {
      const isNotesOnly = Object.keys(validation.errors).every((field) => NOTE_FIELDS.includes(field));
      setTab(isNotesOnly && !isNew ? 'notes' : 'project');
      return;
    }
    try {
      if (!saved) {
        const created = await createProject.mutateAsync({
          ...projectFieldsSchema.parse(form.getValues()),
          orders: [],
        });
        setProjectId(created.id);
        adopt(created, []);
        notifySuccess(t('toast.created', { number: created.number }));
        onSaved?.(created);
        return;
      }
      const hasFieldChanges = Object.keys(changedFields(saved.project, form.getValues())).length > 0;
      const hasOrderChanges = ordersDiffer(orders, saved.orders);
      if (!hasFieldChanges && !hasOrderChanges) {
        notifySuccess(t('toast.noChanges'));
        return;
      }
      let current = saved.project;
      let currentOrders = saved.orders;
      if (hasFieldChanges) {
        // Every field goes, not only the changed ones: the contract's `changes` schema fills left-out
        // fields with their defaults, so a partial patch would blank them. The version check already
        // guarantees nobody else's save is overwritten.
        current = await updateProject.mutateAsync({
          id: current.id,
          version: current.version,
          changes: projectFieldsSchema.parse(form.getValues()),
        });
        // Kept at once: should the orders fail next, the fields are saved at this version.
        const updated = current;
        setSaved((previous) => previous && { ...previous, project: updated });
      }
      if (hasOrderChanges) {
        const result = await saveOrders.mutateAsync({
          id: current.id,
          version: current.version,
          orders: toOrderInputs(orders),
        });
        current = result.project;
        currentOrders = result.orders;
      }
      adopt(current, currentOrders);
      notifySuccess(t('toast.saved'));
      onSaved?.(current);
    } catch (error) {
      await fail(error);
    }
  };

  const keepProject = (next: ProjectDto) => {
    // Archiving changes no field the form edits: the person's unsaved edits stay.
    setSaved((previous) => previous && { ...previous, project: next });
    onSaved?.(next);
  };

  const archiving = useRecordArchiving({
    namespace: 'projects',
    record: project,
    isArchived: (saved) => saved.state === 'archived',
    archive: (saved, reason) => archiveProject.mutateAsync({ id: saved.id, version: saved.version, reason }),
    unarchive: (saved) => unarchiveProject.mutateAsync({ id: saved.id, version: saved.version }),
    onChanged: keepProject,
    onError: fail,
    maxLength: 1000,
  });

  /** AppDialog has asked "Delete?" already; active plans make the server ask once more (SPEC §4). */
  const remove = async () => {
    if (!project) return;
    const removeWith = (isPlanRemovalConfirmed: boolean) =>
      deleteProject.mutateAsync({ id: project.id, version: project.version, isPlanRemovalConfirmed });
    try {
      try {
        await removeWith(false);
      } catch (error) {
        const activePlans = activePlansOf(error);
        if (activePlans === null) throw error;
        const isConfirmed = await confirm({
          title: t('delete.activePlansTitle'),
          message: t('delete.activePlans', { count: activePlans }),
          confirmLabel: t('delete.removeWithPlans'),
        });
        if (!isConfirmed) return;
        await removeWith(true);
      }
      notifySuccess(t('toast.deleted', { number: project.number }));
      onDeleted?.(project.id);
      onClose();
    } catch (error) {
      await fail(error);
    }
  };

  const close = () => questions.closeUnlessKept(isDirty, onClose);

  const title = project
    ? t('dialog.title', { number: project.number, name: project.name })
    : t('dialog.newTitle');

  return (
    <>
      <AppDialog
        opened
        onClose={() => void close()}
        title={title}
        // Wide enough for an order line (eight columns) without scrolling; narrower screens get 100vw.
        size={1040}
        readOnly={isReadOnly}
        onCancel={close}
        onSave={isLoading ? undefined : save}
        onArchive={archiving.onArchive}
        onUnarchive={archiving.onUnarchive}
        onDelete={project ? remove : undefined}
        onShowDocument={project ? () => setIsShowingWorkOrder(true) : undefined}
        footerExtra={
          project && printHref ? (
            <PrintLink to={printHref(project.id)} label={t('print.button')} />
          ) : undefined
        }
        deleteConfirmMessage={
          project ? t('delete.confirm', { number: project.number, name: project.name }) : undefined
        }
      >
        {isLoading ? (
          combined.isError ? (
            <Alert color="red" variant="light" title={t('dialog.loadFailed')}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessageOf(combined.error)}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void combined.refetch()}>
                  {t('page.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Group justify="center" py="xl">
              <Loader aria-label={t('dialog.loading')} />
            </Group>
          )
        ) : (
          <Stack gap="sm">
            {project && (
              <Group gap="xs">
                <ProjectStateBadge state={project.state} />
                {project.offerId && <FromOfferLink offerId={project.offerId} offerHref={offerHref} />}
                {project.state === 'archived' && project.archiveReason && (
                  <Text size="sm" c="dimmed">
                    {t('archive.reasonShown', { reason: project.archiveReason })}
                  </Text>
                )}
              </Group>
            )}
            {hasNewerVersion && (
              <Alert color="yellow" variant="light" icon={<IconRefresh size={18} />} data-newer-version>
                <Group justify="space-between" gap="xs">
                  <Text size="sm">{t('conflict.newerAvailable')}</Text>
                  <Button size="xs" variant="light" color="yellow" onClick={() => void offerNewer()}>
                    {t('conflict.retrieve')}
                  </Button>
                </Group>
              </Alert>
            )}
            <Tabs value={tab} onChange={(next) => next && setTab(next as Tab)} keepMounted={false}>
              <Tabs.List>
                {TABS.filter(isTabShown).map((value) => (
                  <Tabs.Tab key={value} value={value} disabled={isNew && value !== 'project'}>
                    {t(`tabs.${value}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {isNew && (
                <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} mt="sm">
                  {t('dialog.saveFirst')}
                </Alert>
              )}
              <Tabs.Panel value="project" pt="md">
                <ReadOnlyFieldset readOnly={isReadOnly}>
                  <ProjectFieldsTab form={form} isReadOnly={isReadOnly} />
                </ReadOnlyFieldset>
              </Tabs.Panel>
              <Tabs.Panel value="process" pt="md">
                <ProjectProcessTab
                  entries={combined.data?.processEntries ?? []}
                  columns={columns.data}
                  isLoading={combined.isPending || columns.isPending}
                />
              </Tabs.Panel>
              <Tabs.Panel value="orders" pt="md">
                <ProjectOrdersTab orders={orders} onChange={setOrders} readOnly={isReadOnly} />
              </Tabs.Panel>
              {mayReadInvoices && projectId && (
                <Tabs.Panel value="invoices" pt="md">
                  <ProjectInvoicesTab
                    projectId={projectId}
                    offerId={project?.offerId ?? null}
                    ordersTotalExVat={
                      saved ? linesTotals(saved.orders.flatMap((order) => order.lines)).value : 0
                    }
                    columns={columns.data ?? []}
                    plannedHours={{
                      production: form.values.productionHours ?? 0,
                      installation: form.values.installationHours ?? 0,
                    }}
                  />
                </Tabs.Panel>
              )}
              {mayReadTasks && saved && (
                <Tabs.Panel value="tasks" pt="md">
                  {renderTasks?.(saved.project)}
                </Tabs.Panel>
              )}
              {mayReadQuality && saved && (
                <Tabs.Panel value="quality" pt="md">
                  {renderQuality?.(saved.project)}
                </Tabs.Panel>
              )}
              {mayReadExpenses && saved && (
                <Tabs.Panel value="expenses" pt="md">
                  {renderExpenses?.(saved.project)}
                </Tabs.Panel>
              )}
              <Tabs.Panel value="notes" pt="md">
                <ReadOnlyFieldset readOnly={isReadOnly}>
                  <ProjectNotesTab form={form} />
                </ReadOnlyFieldset>
              </Tabs.Panel>
              <Tabs.Panel value="confirmations" pt="md">
                {saved && (
                  <ConfirmationsPanel
                    entityType="project"
                    entityId={saved.project.id}
                    readOnly={isReadOnly}
                    totalExVat={linesTotals(saved.orders.flatMap((order) => order.lines)).value}
                  />
                )}
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </AppDialog>
      <ArchiveReasonDialog {...archiving.reasonDialog} />
      {project && (
        <PdfViewerDialog
          opened={isShowingWorkOrder}
          onClose={() => setIsShowingWorkOrder(false)}
          fileName={t('workOrder.fileName', { number: project.number })}
          url={workOrderUrl}
          language={workOrderLanguage.language}
        />
      )}
    </>
  );
};
