import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { setClientState, useClientState, type SearchType } from '../../lib/client-state';

const searchTypes: Array<{ value: SearchType; label: string }> = [
  { value: 'product', label: '商品' },
  { value: 'shop', label: '店铺' },
];

/** Spec §2 header search: type 商品/店铺, keyword, Enter or 搜索; the choice is kept as searchObj. */
export function SearchBox() {
  const saved = useClientState('searchObj');
  const [searchType, setSearchType] = useState<SearchType>(saved?.searchType ?? 'product');
  const [keyword, setKeyword] = useState(saved?.keyword ?? '');
  const navigate = useNavigate();

  const search = () => {
    const trimmed = keyword.trim();
    setClientState({ searchObj: { keyword: trimmed, searchType } });
    navigate(`/search?keyword=${encodeURIComponent(trimmed)}`);
  };

  return (
    <Space.Compact className="search-box" size="large">
      <Select<SearchType>
        className="search-box__type"
        value={searchType}
        onChange={setSearchType}
        options={searchTypes}
        aria-label="搜索类型"
      />
      <Input
        className="search-box__input"
        placeholder="请输入搜索商品"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        onPressEnter={search}
        allowClear
        aria-label="搜索关键词"
      />
      <Button type="primary" className="search-box__button" onClick={search}>
        搜索
      </Button>
    </Space.Compact>
  );
}
