import ToolOutlined from '@ant-design/icons/ToolOutlined';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useMatches, useNavigate } from 'react-router-dom';
import './status-pages.css';

interface TitledHandle {
  title?: string;
}

/** Stand-in for a screen of spec §2 that a later issue builds: says so, and offers the way home. */
export function UnderConstructionPage() {
  const navigate = useNavigate();
  const title = [...useMatches()].reverse().map((m) => (m.handle as TitledHandle | undefined)?.title).find(Boolean);
  return (
    <div className="page-width status-page">
      <Result
        icon={<ToolOutlined className="status-page__icon" />}
        title="该页面正在建设中"
        subTitle={title ? `「${title}」页面即将上线，敬请期待` : '该页面即将上线，敬请期待'}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
