import { useCallback, useMemo, useState } from 'react';

/**
 * The edit mode of the user centre's lists (favourites, footprints, Q&A): which ids are picked, select all of the
 * page, and leaving edit mode clears the pick.
 */
export function useSelection(pageIds: readonly number[]) {
  const [editing, setEditing] = useState(false);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const allPicked = pageIds.length > 0 && pageIds.every((id) => picked.has(id));
  const toggle = useCallback((id: number) => setPicked((current) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  }), []);
  const toggleAll = useCallback(() => setPicked(allPicked ? new Set() : new Set(pageIds)), [allPicked, pageIds]);
  const clear = useCallback(() => setPicked(new Set()), []);
  const setEditMode = useCallback((on: boolean) => {
    setEditing(on);
    setPicked(new Set());
  }, []);
  const ids = useMemo(() => [...picked].filter((id) => pageIds.includes(id)), [picked, pageIds]);
  return { editing, setEditMode, picked, toggle, toggleAll, allPicked, clear, ids };
}
