import App from 'antd/es/app';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { maskPhone } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { ADDRESS_PAGE_SIZE, deleteAddress, getAddressPage, makeDefault, type Address } from './api/addresses';
import { Pane } from './pane';

/** The address dialog (features/address), handed in by the route: features never import each other. */
export interface AddressDialogSlot {
  address: Address | null;
  onClose: () => void;
  onSaved: (receiveId?: number) => void;
}

const errorText = (failure: unknown) => (failure instanceof ApiError ? failure.message : String(failure));

/** 收货地址 (spec §2, §7 Addresses, pageSize 4): list, add and edit in the address dialog, delete with confirmation, default. */
export function SigningAddressPage({ renderAddressDialog }: { renderAddressDialog: (slot: AddressDialogSlot) => ReactNode }) {
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Address | null | 'new'>(null);
  const { data, loading, error, reload } = useRequest((signal) => getAddressPage(page, signal), [page]);

  const remove = (address: Address) => modal.confirm({
    title: '提示', content: '确定删除该收货地址吗？', okText: '确定', cancelText: '取消',
    onOk: async () => {
      try {
        await deleteAddress(address.receiveId);
        void message.success('删除成功');
        if (data && data.list.length === 1 && page > 1) setPage(page - 1);
        else reload();
      } catch (failure) {
        void message.error(errorText(failure));
      }
    },
  });

  const setDefault = async (address: Address) => {
    try {
      await makeDefault(address);
      void message.success('地址修改成功');
      reload();
    } catch (failure) {
      void message.error(errorText(failure));
    }
  };

  return (
    <Pane title="收货地址" extra={<Button type="primary" onClick={() => setEditing('new')}>新增收货地址</Button>}>
      {loading && !data && <Skeleton active />}
      {error && <Empty description={error.message}><Button onClick={reload}>重新加载</Button></Empty>}
      {data && data.total === 0 && <Empty description="您还没有收货地址" className="uc-empty" />}
      <ul className="uc-addresses">
        {data?.list.map((address) => (
          <li key={address.receiveId} className="uc-address" data-testid="address-card">
            <div className="uc-address__who">
              <strong>{address.receiveName}</strong>
              <span>{maskPhone(address.receivePhone)}</span>
              {address.label && <Tag>{address.label}</Tag>}
              {address.defult && <Tag color="red">默认地址</Tag>}
            </div>
            <p className="uc-address__where">{address.receiveAdress.replaceAll('-', ' ')} {address.address}</p>
            <div className="uc-address__actions">
              {!address.defult && <Button type="link" onClick={() => setDefault(address)}>设为默认</Button>}
              <Button type="link" onClick={() => setEditing(address)}>编辑</Button>
              <Button type="link" danger onClick={() => remove(address)}>删除</Button>
            </div>
          </li>
        ))}
      </ul>
      {data && data.total > ADDRESS_PAGE_SIZE && (
        <Pagination className="uc-pager" current={page} pageSize={ADDRESS_PAGE_SIZE} total={data.total} onChange={setPage} showSizeChanger={false} />
      )}
      {editing !== null && renderAddressDialog({
        address: editing === 'new' ? null : editing,
        onClose: () => setEditing(null),
        onSaved: () => {
          setEditing(null);
          reload();
        },
      })}
    </Pane>
  );
}
