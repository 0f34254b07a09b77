import App from 'antd/es/app';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { productDetailHref } from '../../lib/catalog-ui/links';
import { Price } from '../../lib/catalog-ui/price';
import { useRequest } from '../../lib/use-request';
import { deleteFootprints, FOOTPRINT_PAGE_SIZE, getFootprints, type FootprintDay } from './api/footprints';
import { EmptyWithHome, Pane } from './pane';
import { useSelection } from './use-selection';

/**
 * 浏览记录 (spec §2, §7 Footprints): grouped by date, four days a page; edit mode picks entries (or a whole day) and
 * deletes them after confirmation. A day whose every entry is picked is sent as a day (`times`), the rest as ids.
 */
export function BrowseRecordsPage() {
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const { data, loading, error, reload } = useRequest((signal) => getFootprints(page, signal), [page]);
  const days = data?.list ?? [];
  const selection = useSelection(days.flatMap((day) => day.products.map((p) => p.footprintId)));

  const dayPicked = (day: FootprintDay) => day.products.length > 0 && day.products.every((p) => selection.picked.has(p.footprintId));
  const toggleDay = (day: FootprintDay) => {
    const on = !dayPicked(day);
    for (const p of day.products) if (selection.picked.has(p.footprintId) !== on) selection.toggle(p.footprintId);
  };

  const remove = () => {
    if (selection.ids.length === 0) {
      void message.warning('请先选中需要删除的记录');
      return;
    }
    const wholeDays = days.filter(dayPicked);
    const times = wholeDays.map((day) => day.createTime);
    const ids = selection.ids.filter((id) => !wholeDays.some((day) => day.products.some((p) => p.footprintId === id)));
    modal.confirm({
      title: '提示', content: '确定删除选中的浏览记录吗？', okText: '确定', cancelText: '取消',
      onOk: async () => {
        try {
          await deleteFootprints(ids, times);
          void message.success('删除成功');
          selection.clear();
          if (wholeDays.length === days.length && page > 1) setPage(page - 1);
          else reload();
        } catch (failure) {
          void message.error(failure instanceof ApiError ? failure.message : String(failure));
        }
      },
    });
  };

  const extra = selection.editing ? (
    <>
      <Checkbox checked={selection.allPicked} onChange={selection.toggleAll}>全选</Checkbox>
      <Button danger onClick={remove}>删除</Button>
      <Button onClick={() => selection.setEditMode(false)}>完成</Button>
    </>
  ) : <Button onClick={() => selection.setEditMode(true)} disabled={days.length === 0}>编辑</Button>;

  return (
    <Pane title="浏览记录" extra={extra}>
      {loading && !data && <Skeleton active />}
      {error && <p role="alert">{error.message}</p>}
      {data && data.total === 0 && <EmptyWithHome text="您还没有浏览记录" />}
      {days.map((day) => (
        <section key={day.createTime} className="uc-day" aria-label={day.createTime}>
          <h3 className="uc-day__date">
            {selection.editing && <Checkbox checked={dayPicked(day)} onChange={() => toggleDay(day)} aria-label={`选择${day.createTime}`} />}
            {day.createTime}
          </h3>
          <ul className="uc-fav-products">
            {day.products.map((p) => (
              <li key={p.footprintId} className="uc-fav" data-testid="footprint">
                {selection.editing && (
                  <Checkbox className="uc-fav__pick" checked={selection.picked.has(p.footprintId)}
                    onChange={() => selection.toggle(p.footprintId)} aria-label={`选择${p.productName}`} />
                )}
                <Link className={`uc-fav__card${p.shelveState === 0 ? ' uc-fav__card--off' : ''}`} to={productDetailHref(p)}>
                  <span className="uc-fav__image">
                    <img src={p.image} alt={p.productName} loading="lazy" />
                    {p.shelveState === 0 && <span className="uc-fav__off">已下架</span>}
                  </span>
                  <span className="uc-fav__name" title={p.productName}>{p.productName}</span>
                  <Price value={p.price} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {data && data.total > FOOTPRINT_PAGE_SIZE && (
        <Pagination className="uc-pager" current={page} pageSize={FOOTPRINT_PAGE_SIZE} total={data.total} onChange={setPage} showSizeChanger={false} />
      )}
    </Pane>
  );
}
