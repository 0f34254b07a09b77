import DownOutlined from '@ant-design/icons/DownOutlined';
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';

export interface SearchTypeOption<T extends string> {
  value: T;
  label: string;
}

interface SearchTypePickerProps<T extends string> {
  options: ReadonlyArray<SearchTypeOption<T>>;
  value: T;
  onChange: (value: T) => void;
  label: string;
}

/**
 * The search box's 商品/店铺 choice: a button showing the choice and a list under it, looking like antd's Select
 * without loading it. Click or Enter/Space/arrows open it; arrows move, Enter/Space pick, Escape or a click outside closes.
 * The list is placed on the body under the button, as antd places its popups, so a clipping parent cannot cut it off.
 */
export function SearchTypePicker<T extends string>({ options, value, onChange, label }: SearchTypePickerProps<T>) {
  const [placement, setPlacement] = useState<CSSProperties>();
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();
  const open = placement !== undefined;
  const selected = Math.max(0, options.findIndex((option) => option.value === value));
  const close = () => setPlacement(undefined);

  useEffect(() => {
    if (!open) return;
    const dismiss = () => setPlacement(undefined);
    const dismissOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!button.current?.contains(target) && !list.current?.contains(target)) dismiss();
    };
    document.addEventListener('pointerdown', dismissOutside);
    window.addEventListener('resize', dismiss);
    return () => {
      document.removeEventListener('pointerdown', dismissOutside);
      window.removeEventListener('resize', dismiss);
    };
  }, [open]);

  const show = () => {
    const anchor = button.current?.getBoundingClientRect();
    if (!anchor) return;
    setActive(selected);
    setPlacement({ top: anchor.bottom + window.scrollY + 4, left: anchor.left + window.scrollX, minWidth: anchor.width });
  };
  const choose = (index: number) => {
    onChange(options[index].value);
    close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0) {
      event.preventDefault();
      if (open) setActive((index) => (index + step + options.length) % options.length);
      else show();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (open) choose(active);
      else show();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      close();
    }
  };

  return (
    <div className={`search-type${open ? ' search-type--open' : ''}`}>
      <button
        ref={button}
        type="button"
        role="combobox"
        className="search-type__current"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => (open ? close() : show())}
        onKeyDown={onKeyDown}
      >
        <span className="search-type__value">{options[selected]?.label}</span>
        <DownOutlined className="search-type__arrow" aria-hidden />
      </button>
      {open && createPortal(
        <ul ref={list} id={listId} className="search-type__options" role="listbox" aria-label={label} style={placement}>
          {options.map((option, index) => (
            <li
              key={option.value}
              role="option"
              aria-selected={index === selected}
              className={`search-type__option${index === active ? ' search-type__option--active' : ''}`}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(index)}
            >
              {option.label}
            </li>
          ))}
        </ul>,
        document.body,
      )}
    </div>
  );
}
