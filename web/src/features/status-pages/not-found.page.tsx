import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate } from 'react-router-dom';
import './status-pages.css';

/** Any path outside the spec's route table. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="page-width status-page">
      <Result
        status="404"
        title="页面不存在"
        subTitle="您访问的地址不存在，请检查后重试"
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
