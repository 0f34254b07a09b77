import App from 'antd/es/app';
import Cascader from 'antd/es/cascader';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Switch from 'antd/es/switch';
import { useEffect, useState } from 'react';
import type { Address } from '../../../../domain/address/address.contract';
import type { RegionNode } from '../../../../domain/address/region';
import { getRegionTree } from './api/get-region-tree';
import { saveAddress, updateAddress } from './api/save-address';
import { addressRules, emptyAddress, requestOf, valuesOf, type AddressFormValues } from './address-form.model';
import './address.css';

export interface AddressDialogProps {
  open: boolean;
  /** The address to edit; none to add a new one. */
  address?: Address | null;
  onClose: () => void;
  /** After 地址添加成功 / 地址修改成功, with the address's id (the checkout selects it). */
  onSaved: (receiveId: number) => void;
}

const LABELS = ['家', '公司', '学校'];

/**
 * 新增 / 编辑收货地址 (spec §3 Address, §5 address rules): region from the 省-市-区 Cascader, detail, name, phone,
 * label, default switch. The server checks everything again and answers the same messages.
 */
export function AddressDialog({ open, address, onClose, onSaved }: AddressDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AddressFormValues>();
  const [regions, setRegions] = useState<RegionNode[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    getRegionTree().then(setRegions, (failure: unknown) => void message.error(failure instanceof Error ? failure.message : String(failure)));
  }, [open, message]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const request = requestOf(values);
      const saved = address ? await updateAddress(address.receiveId, request) : await saveAddress(request);
      void message.success(address ? '地址修改成功' : '地址添加成功');
      onSaved(saved.receiveId);
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={address ? '编辑收货地址' : '新增收货地址'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form<AddressFormValues>
        form={form}
        layout="horizontal"
        labelCol={{ span: 5 }}
        className="address-form"
        initialValues={address ? valuesOf(address) : emptyAddress}
      >
        <Form.Item name="region" label="所在地区" rules={addressRules.region} required>
          <Cascader<RegionNode>
            options={regions}
            fieldNames={{ label: 'name', value: 'name', children: 'children' }}
            placeholder="请选择省/市/区"
            showSearch
            aria-label="所在地区"
          />
        </Form.Item>
        <Form.Item name="address" label="详细地址" rules={addressRules.address} required>
          <Input.TextArea rows={2} maxLength={120} placeholder="街道、门牌号等" />
        </Form.Item>
        <Form.Item name="receiveName" label="收货人" rules={addressRules.receiveName} required>
          <Input maxLength={25} placeholder="请输入收货人姓名" />
        </Form.Item>
        <Form.Item name="receivePhone" label="手机号码" rules={addressRules.receivePhone} required>
          <Input maxLength={11} placeholder="请输入手机号码" />
        </Form.Item>
        <Form.Item label="地址标签">
          <div className="address-form__labels">
            <Form.Item name="label" noStyle>
              <Input maxLength={10} placeholder="如：家、公司" className="address-form__label-input" />
            </Form.Item>
            {LABELS.map((label) => (
              <button key={label} type="button" className="address-form__label" onClick={() => form.setFieldValue('label', label)}>
                {label}
              </button>
            ))}
          </div>
        </Form.Item>
        <Form.Item name="defult" label="设为默认" valuePropName="checked">
          <Switch aria-label="设为默认地址" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
