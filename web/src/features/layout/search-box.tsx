import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import Button from 'antd/es/button';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { setClientState, useClientState, type SearchType } from '../../lib/client-state';
import { SearchTypePicker, type SearchTypeOption } from './search-type-picker';
import './search-box.css';

const searchTypes: ReadonlyArray<SearchTypeOption<SearchType>> = [
  { value: 'product', label: '商品' },
  { value: 'shop', label: '店铺' },
];

/**
 * Spec §2 header search: type 商品/店铺, keyword, Enter or 搜索; the choice is kept as searchObj. Hand-written apart
 * from the button, so the first page does not load antd's Select and Input.
 */
export function SearchBox() {
  const saved = useClientState('searchObj');
  const [searchType, setSearchType] = useState<SearchType>(saved?.searchType ?? 'product');
  const [keyword, setKeyword] = useState(saved?.keyword ?? '');
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  const search = () => {
    const trimmed = keyword.trim();
    setClientState({ searchObj: { keyword: trimmed, searchType } });
    navigate(`/search?keyword=${encodeURIComponent(trimmed)}`);
  };
  const clear = () => {
    setKeyword('');
    input.current?.focus();
  };

  return (
    <div className="search-box" role="search">
      <SearchTypePicker options={searchTypes} value={searchType} onChange={setSearchType} label="搜索类型" />
      <span className="search-box__field">
        <input
          ref={input}
          className="search-box__input"
          placeholder="请输入搜索商品"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) search();
          }}
          aria-label="搜索关键词"
        />
        <button
          type="button"
          className={`search-box__clear${keyword ? '' : ' search-box__clear--hidden'}`}
          aria-label="清除"
          tabIndex={-1}
          onClick={clear}
        >
          <CloseCircleFilled />
        </button>
      </span>
      <Button type="primary" size="large" className="search-box__button" onClick={search}>
        搜索
      </Button>
    </div>
  );
}
