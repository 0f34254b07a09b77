import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/** One user-centre screen: its title bar (with actions on the right) and its body. */
export function Pane({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <div className="uc-pane">
      <header className="uc-pane__head">
        <h2>{title}</h2>
        {extra && <div className="uc-pane__extra">{extra}</div>}
      </header>
      <div className="uc-pane__body">{children}</div>
    </div>
  );
}

/** Spec §2: empty states have a 'go to home' button. */
export function EmptyWithHome({ text }: { text: string }) {
  const navigate = useNavigate();
  return (
    <Empty description={text} className="uc-empty">
      <Button type="primary" onClick={() => navigate('/')}>去首页</Button>
    </Empty>
  );
}
