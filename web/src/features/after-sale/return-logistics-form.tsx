import App from 'antd/es/app';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useState } from 'react';
import { ReturnLogisticsForm } from '../../../../domain/rules/waybill.rule';
import { ApiError } from '../../lib/api-client';
import { httpStatusMessage } from '../../lib/http-messages';
import { useRequest } from '../../lib/use-request';
import { digitsOnly } from './after-sale.model';
import { enterReturnLogistics } from './api/after-sale-commands';
import { getExpressSelect } from './api/get-express-select';

interface ReturnLogisticsProps {
  afterId: number;
  orderId: number;
  onEntered: () => void;
}

/**
 * State 10 (spec §2/§5): the logistics company (请选择物流公司), the numeric waybill of at least 8 characters
 * (物流单号格式错误) and 确认 → 录入物流成功. Checked with the domain's rule, the same the API applies.
 */
export function ReturnLogisticsEntry({ afterId, orderId, onEntered }: ReturnLogisticsProps) {
  const { message } = App.useApp();
  const companies = useRequest((signal) => getExpressSelect(signal), []);
  const [express, setExpress] = useState<number | undefined>();
  const [waybill, setWaybill] = useState('');
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const parsed = ReturnLogisticsForm.safeParse({ afterId, orderId, express, deliverFormid: waybill });
    if (!parsed.success) return void message.warning(parsed.error.issues[0].message);
    setBusy(true);
    try {
      await enterReturnLogistics(parsed.data);
      void message.success('录入物流成功');
      onEntered();
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : httpStatusMessage(500));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="after-card after-return" data-testid="return-logistics">
      <h2 className="after-card__subtitle">填写退货物流</h2>
      <div className="after-return__row">
        <Select
          className="after-return__company"
          placeholder="请选择物流公司"
          loading={companies.loading}
          value={express}
          onChange={setExpress}
          options={(companies.data ?? []).map((c) => ({ value: c.dictId, label: c.dictName }))}
        />
        <Input
          className="after-return__waybill"
          placeholder="请输入物流单号"
          inputMode="numeric"
          maxLength={30}
          value={waybill}
          onChange={(e) => setWaybill(digitsOnly(e.target.value))}
        />
        <Button type="primary" loading={busy} onClick={() => void confirm()}>
          确认
        </Button>
      </div>
    </section>
  );
}
