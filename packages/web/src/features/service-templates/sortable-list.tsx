import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The drag handle of one entry: the only place a drag starts, by pointer or keyboard. */
export type DragHandle = ReactNode;

type Named = { id: string; name: string };

const SortableEntry = ({
  item,
  isDisabled,
  children,
}: {
  item: Named;
  isDisabled: boolean;
  children: (handle: DragHandle) => ReactNode;
}) => {
  const { t } = useTranslation('serviceTemplates');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id, disabled: isDisabled });
  const handle = isDisabled ? null : (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      aria-label={t('dnd.move', { name: item.name })}
      data-drag-handle
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={16} />
    </ActionIcon>
  );
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : undefined,
      }}
    >
      {children(handle)}
    </div>
  );
};

/**
 * A list sorted by dragging (dnd-kit): with the pointer on an entry's handle, or with the keyboard —
 * focus the handle, Space to pick up, arrow keys to move, Space to drop, Escape to cancel — and the
 * moves read out in the interface language. `onReorder` gets the ids in their new order.
 */
export const SortableList = <Item extends Named>({
  items,
  isDisabled = false,
  onReorder,
  children,
}: {
  items: Item[];
  isDisabled?: boolean;
  onReorder: (ids: string[]) => void;
  children: (item: Item, handle: DragHandle, index: number) => ReactNode;
}) => {
  const { t } = useTranslation('serviceTemplates');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const nameOf = (id: string | number | undefined) => items.find((item) => item.id === id)?.name ?? '';
  const placeOf = (id: string | number | undefined) => ids.indexOf(String(id)) + 1;
  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{
        screenReaderInstructions: { draggable: t('dnd.instructions') },
        announcements: {
          onDragStart: ({ active }) =>
            t('dnd.picked', { name: nameOf(active.id), place: placeOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over ? t('dnd.over', { name: nameOf(active.id), place: placeOf(over.id) }) : undefined,
          onDragEnd: ({ active, over }) =>
            over ? t('dnd.dropped', { name: nameOf(active.id), place: placeOf(over.id) }) : undefined,
          onDragCancel: ({ active }) => t('dnd.cancelled', { name: nameOf(active.id) }),
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={isDisabled}>
        {items.map((item, index) => (
          <SortableEntry key={item.id} item={item} isDisabled={isDisabled}>
            {(handle) => children(item, handle, index)}
          </SortableEntry>
        ))}
      </SortableContext>
    </DndContext>
  );
};
