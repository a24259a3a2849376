import { LOG_COMMENT_MAX_LENGTH } from '@karm/domain/contract';
import {
  Box,
  Code,
  FocusTrap,
  getDefaultZIndex,
  Overlay,
  Paper,
  Portal,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useFocusReturn } from '@mantine/hooks';
import { type CSSProperties, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReportedError, sendErrorToAdministrator, toReportedError } from '@/lib/error-reporting';
import { useSocketErrorStore } from '@/lib/store/socket-error-store';
import { ConfirmAction } from '../confirm-action/confirm-action';
import { notifyError, notifySuccess } from '../notify/notify';
import { type DialogAction, DialogFooter, FOOTER_ACTIONS, type FooterAction } from './dialog-footer';
import {
  type AppDialogSize,
  clampOffset,
  type Offset,
  resizeFrom,
  type Size,
  TOP_GAP,
  widthOf,
} from './dialog-geometry';
import { DialogHeader } from './dialog-header';
import { usePointerDrag } from './use-pointer-drag';

export type AppDialogProps = {
  opened: boolean;
  /** Called by the header's close button only: the dialog is persistent (no outside click, no Escape). */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Initial width; the user can resize from there. @default 'lg' */
  size?: AppDialogSize;
  onArchive?: DialogAction;
  onUnarchive?: DialogAction;
  onCancel?: DialogAction;
  onShowDocument?: DialogAction;
  /**
   * "Send error to administrator". Without it the button still appears once something in the dialog
   * failed (a footer action, or a request while it was open), and sends that error with a comment.
   */
  onSendError?: DialogAction;
  /** Runs only after the user confirms. */
  onDelete?: DialogAction;
  onSave?: DialogAction;
  onDownload?: DialogAction;
  /** Shows loading on Save and blocks the other footer buttons. */
  saving?: boolean;
  /** Shows loading on the last footer button pressed and blocks them all. */
  busy?: boolean;
  saveDisabled?: boolean;
  closeDisabled?: boolean;
  /** Tooltip on the disabled close button. @default "Save the page first before closing" */
  closeDisabledHint?: string;
  /** Replaces the default delete confirmation text. */
  deleteConfirmMessage?: ReactNode;
  /** Extra footer content (links, custom buttons), placed before the standard buttons. */
  footerExtra?: ReactNode;
  /**
   * For someone who may read the record but not change it: the header says "Read only", and the
   * footer leaves out Save, Archive, Unarchive and Delete whatever handlers are given (Cancel reads
   * "Close"). Pair it with a `ReadOnlyFieldset` around the form.
   */
  readOnly?: boolean;
};

/** The footer actions that change the record: never offered in a read-only dialog. */
const CHANGING_ACTIONS: ReadonlySet<FooterAction> = new Set(['archive', 'unarchive', 'delete', 'save']);

/** Same layer as Mantine modals; later dialogs are later in the DOM, so they stack on top. */
const Z_INDEX = getDefaultZIndex('modal');

/** The app's one dialog: draggable, resizable, minimisable, maximisable and persistent (SPEC §2). */
export const AppDialog = (props: AppDialogProps) => {
  useFocusReturn({ opened: props.opened });
  // Position, size and window state live in the window, so each opening starts fresh.
  return props.opened ? <DialogWindow {...props} /> : null;
};

const DialogWindow = ({
  onClose,
  title,
  children,
  size = 'lg',
  saving = false,
  busy = false,
  saveDisabled = false,
  closeDisabled = false,
  closeDisabledHint,
  deleteConfirmMessage,
  footerExtra,
  readOnly = false,
  ...handlers
}: AppDialogProps) => {
  const { t } = useTranslation('components');
  const titleId = useId();
  const paperRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const [resized, setResized] = useState<Size | null>(null);
  const [isMinimised, setMinimised] = useState(false);
  const [isMaximised, setMaximised] = useState(false);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const [isDragging, setDragging] = useState(false);
  const [pending, setPending] = useState<FooterAction | null>(null);
  const [lastPressed, setLastPressed] = useState<FooterAction | null>(null);
  // A ref, not state: two clicks in the same tick must not both get through.
  const pendingRef = useRef<FooterAction | null>(null);
  const [failure, setFailure] = useState<ReportedError | null>(null);
  const [isReporting, setReporting] = useState(false);
  const [openedAt] = useState(() => Date.now());
  // A request that failed while the dialog was open (a wrong entry in a form is no error to report).
  const requestFailure = useSocketErrorStore((state) =>
    state.lastError && state.lastErrorAt >= openedAt && state.lastError.code !== 'VALIDATION'
      ? state.lastError
      : null,
  );
  const reportable = failure ?? requestFailure;

  const handlerOf = {
    archive: handlers.onArchive,
    unarchive: handlers.onUnarchive,
    delete: handlers.onDelete,
    sendError: handlers.onSendError ?? (reportable ? () => setReporting(true) : undefined),
    showDocument: handlers.onShowDocument,
    download: handlers.onDownload,
    cancel: handlers.onCancel,
    save: handlers.onSave,
  } satisfies Record<FooterAction, DialogAction | undefined>;
  const actions = Object.fromEntries(
    FOOTER_ACTIONS.map((action) => [
      action,
      readOnly && CHANGING_ACTIONS.has(action) ? undefined : handlerOf[action],
    ]),
  ) as Record<FooterAction, DialogAction | undefined>;
  const hasFooter = footerExtra !== undefined || FOOTER_ACTIONS.some((action) => actions[action]);

  const isLoading = (action: FooterAction) =>
    pending === action || (action === 'save' && saving) || (busy && lastPressed === action);
  const isBlocked = pending !== null || saving || busy;

  const run = async (action: FooterAction) => {
    const handler = actions[action];
    if (!handler || pendingRef.current || saving || busy) return;
    pendingRef.current = action;
    setPending(action);
    setLastPressed(action);
    try {
      await handler();
    } catch (error) {
      if (action !== 'sendError') setFailure(toReportedError(error));
      throw error;
    } finally {
      pendingRef.current = null;
      setPending(null);
    }
    // A rejected handler propagates on purpose: the global handler reports it and shows a toast.
  };

  const drag = useRef({ offset, size: { width: 0, height: 0 } });
  const startMove = usePointerDrag({
    onStart: () => {
      drag.current.offset = offset;
      setDragging(true);
    },
    onEnd: () => setDragging(false),
    onMove: (dx, dy) =>
      setOffset(clampOffset({ x: drag.current.offset.x + dx, y: drag.current.offset.y + dy })),
  });
  const startResize = usePointerDrag({
    onStart: () => {
      const rect = paperRef.current?.getBoundingClientRect();
      drag.current = { offset, size: { width: rect?.width ?? 0, height: rect?.height ?? 0 } };
      setDragging(true);
    },
    onEnd: () => setDragging(false),
    onMove: (dx, dy) => {
      const next = resizeFrom(drag.current, dx, dy);
      setResized(next.size);
      setOffset(next.offset);
    },
  });

  const windowStyle: CSSProperties = isMinimised
    ? { position: 'fixed', left: 16, bottom: 16, width: 320 }
    : isMaximised
      ? { position: 'fixed', inset: 0, width: '100vw', height: '100dvh', borderRadius: 0 }
      : {
          position: 'relative',
          width: resized?.width ?? widthOf(size),
          height: resized?.height,
          maxWidth: resized ? undefined : '100vw',
          maxHeight: resized ? undefined : `calc(100dvh - ${2 * TOP_GAP}px)`,
          transform: `translate(${offset.x}px, ${offset.y}px)`,
        };

  return (
    <Portal>
      {/* The overlay blocks the page but ignores clicks: the dialog is persistent. A minimised dialog frees the page. */}
      {!isMinimised && <Overlay fixed zIndex={Z_INDEX} backgroundOpacity={0.45} />}
      <Box
        style={{
          position: 'fixed',
          inset: 0,
          zIndex: Z_INDEX,
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'flex-start',
          paddingTop: TOP_GAP,
          pointerEvents: 'none',
        }}
      >
        {/* FocusTrap replaces the child's ref, so ours goes through innerRef. */}
        <FocusTrap active={!isMinimised && !isConfirmingDelete} innerRef={paperRef}>
          <Paper
            component="section"
            role="dialog"
            aria-modal={!isMinimised}
            aria-labelledby={titleId}
            data-minimised={isMinimised || undefined}
            data-maximised={isMaximised || undefined}
            shadow="xl"
            withBorder
            style={{ ...windowStyle, display: 'flex', flexDirection: 'column', pointerEvents: 'auto' }}
          >
            <DialogHeader
              titleId={titleId}
              title={title}
              isMinimised={isMinimised}
              isMaximised={isMaximised}
              onToggleMinimise={() => setMinimised((value) => !value)}
              onToggleMaximise={() => setMaximised((value) => !value)}
              onClose={onClose}
              closeDisabled={closeDisabled}
              closeDisabledHint={closeDisabledHint}
              isReadOnly={readOnly}
              onDragStart={startMove}
            />
            {/* Hidden, not unmounted, while minimised: a half-filled form must survive. */}
            {/* While dragging, an iframe in the body (PDF viewer) would swallow the pointer events. */}
            <Box
              p="md"
              style={{
                flex: '1 1 auto',
                minHeight: 0,
                overflow: 'auto',
                display: isMinimised ? 'none' : undefined,
                pointerEvents: isDragging ? 'none' : undefined,
              }}
            >
              {children}
            </Box>
            {hasFooter && !isMinimised && (
              <DialogFooter
                actions={actions}
                extra={footerExtra}
                isReadOnly={readOnly}
                isLoading={isLoading}
                isDisabled={(action) =>
                  (isBlocked && !isLoading(action)) || (action === 'save' && saveDisabled)
                }
                onClick={(action) => (action === 'delete' ? setConfirmingDelete(true) : void run(action))}
              />
            )}
            {!isMinimised && !isMaximised && (
              // Pointer-only by design; keyboard users get the maximise button instead.
              <Box
                data-resize-handle
                aria-hidden
                title={t('dialog.resize')}
                onPointerDown={startResize}
                style={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 16,
                  height: 16,
                  cursor: 'nwse-resize',
                  touchAction: 'none',
                  background:
                    'linear-gradient(135deg, transparent 50%, var(--mantine-color-default-border) 50%, var(--mantine-color-default-border) 60%, transparent 60%, transparent 75%, var(--mantine-color-default-border) 75%, var(--mantine-color-default-border) 85%, transparent 85%)',
                }}
              />
            )}
          </Paper>
        </FocusTrap>
      </Box>
      {isReporting && reportable && (
        <SendErrorDialog error={reportable} onClose={() => setReporting(false)} />
      )}
      <ConfirmAction
        opened={isConfirmingDelete}
        title={t('dialog.deleteConfirmTitle')}
        message={deleteConfirmMessage ?? t('dialog.deleteConfirmMessage')}
        confirmLabel={t('dialog.delete')}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          setConfirmingDelete(false);
          void run('delete');
        }}
      />
    </Portal>
  );
};

export type SendErrorDialogProps = { error: ReportedError; onClose: () => void };

/**
 * What "Send error to administrator" opens: the error, and a comment the person may add. The report
 * carries where they are and what they did just before (names only); the administrators get a
 * notice and a mail.
 */
export const SendErrorDialog = ({ error, onClose }: SendErrorDialogProps) => {
  const { t } = useTranslation('components');
  const [comment, setComment] = useState('');
  const send = async () => {
    try {
      await sendErrorToAdministrator(error, comment);
      notifySuccess(t('sendError.sent'));
      onClose();
    } catch (failure) {
      notifyError(failure);
    }
  };
  return (
    <AppDialog
      opened
      onClose={onClose}
      title={t('sendError.title')}
      size="sm"
      onCancel={onClose}
      onSendError={send}
    >
      <Stack gap="sm">
        <Text size="sm">{t('sendError.intro')}</Text>
        <Code block>{`${error.code}: ${error.message}`}</Code>
        <Textarea
          label={t('sendError.comment')}
          placeholder={t('sendError.commentPlaceholder')}
          rows={3}
          maxLength={LOG_COMMENT_MAX_LENGTH}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          data-autofocus
        />
      </Stack>
    </AppDialog>
  );
};
