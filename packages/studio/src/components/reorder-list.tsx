// A list a person reorders by dragging an item, or from the keyboard: each item's handle
// moves it with the arrow keys (and Home/End), and every move is announced.
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';

function moveItem<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

export function ReorderList<T extends { id: string; title: string }>(props: {
  items: T[];
  label: string;
  onReorder: (items: T[], moved: T) => void;
  render: (item: T, index: number) => ComponentChildren;
}) {
  const { items } = props;
  const [dragging, setDragging] = useState<number | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    const moved = items[from] as T;
    props.onReorder(moveItem(items, from, to), moved);
    setAnnouncement(`${moved.title} moved to position ${to + 1} of ${items.length}.`);
    // Focus follows the item to its new place.
    requestAnimationFrame(() => list.current?.querySelectorAll<HTMLButtonElement>('.handle')[to]?.focus());
  };
  const onKey = (index: number) => (event: KeyboardEvent) => {
    const target = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: items.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    move(index, target);
  };
  return (
    <>
      <p id="reorder-help" class="hint">Drag an episode by its handle, or focus the handle and use the arrow keys (Home and End move to the top and bottom).</p>
      <ol class="reorder" ref={list} aria-label={props.label}>
        {items.map((item, index) => (
          <li
            key={item.id}
            class={dragging === index ? 'dragging' : undefined}
            draggable
            onDragStart={(event) => {
              setDragging(index);
              event.dataTransfer?.setData('text/plain', item.id);
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragging !== undefined) move(dragging, index);
              setDragging(undefined);
            }}
            onDragEnd={() => setDragging(undefined)}
          >
            <button type="button" class="handle" aria-describedby="reorder-help" aria-label={`Move ${item.title}, position ${index + 1} of ${items.length}`} onKeyDown={onKey(index)}>
              <span aria-hidden="true">⇅</span>
            </button>
            {props.render(item, index)}
          </li>
        ))}
      </ol>
      <p class="visually-hidden" role="status" aria-live="polite">{announcement}</p>
    </>
  );
}
