import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Timeline from 'antd/es/timeline';
import { useRequest } from '../../lib/use-request';
import { getDelivery } from './api/get-delivery';
import type { TrackingStep } from './order.model';

export interface Parcel {
  express: number;
  expressName: string;
  deliverFormid: string;
}

function Steps({ steps }: { steps: TrackingStep[] }) {
  if (steps.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="卖家已发货，快递揽收后即可查看物流轨迹" />;
  return (
    <Timeline
      className="logistics__steps"
      items={steps.map((step, i) => ({
        color: i === 0 ? 'red' : 'gray',
        content: (
          <div className={i === 0 ? 'logistics__step logistics__step--latest' : 'logistics__step'}>
            <p>{step.reason}</p>
            <time>{step.time}</time>
          </div>
        ),
      }))}
    />
  );
}

function FetchedSteps({ parcel }: { parcel: Parcel }) {
  const { data, error } = useRequest((signal) => getDelivery(parcel.express, parcel.deliverFormid, signal), [
    parcel.express,
    parcel.deliverFormid,
  ]);
  if (error) return <p className="logistics__error">{error.message}</p>;
  if (!data) return <Skeleton active paragraph={{ rows: 3 }} />;
  return <Steps steps={data} />;
}

/** Spec §2 Order detail logistics: company, waybill and the tracking steps (from /order/getDilevery unless given). */
export function LogisticsPanel({ parcel, steps }: { parcel: Parcel; steps?: TrackingStep[] }) {
  return (
    <div className="logistics" data-testid="logistics">
      <dl className="logistics__facts">
        <div>
          <dt>物流公司</dt>
          <dd>{parcel.expressName || '—'}</dd>
        </div>
        <div>
          <dt>运单号码</dt>
          <dd>{parcel.deliverFormid || '—'}</dd>
        </div>
      </dl>
      {steps ? <Steps steps={steps} /> : <FetchedSteps parcel={parcel} />}
    </div>
  );
}

export function LogisticsDialog({ parcel, onClose }: { parcel: Parcel; onClose: () => void }) {
  return (
    <Modal open centered title="物流信息" footer={null} width={560} onCancel={onClose}>
      <LogisticsPanel parcel={parcel} />
    </Modal>
  );
}
