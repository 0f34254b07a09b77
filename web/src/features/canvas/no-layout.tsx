import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate } from 'react-router-dom';

/** What a custom page without a layout shows: 页面不存在 and the way home. */
export function NoLayout() {
  const navigate = useNavigate();
  return (
    <div className="page-width canvas-empty">
      <Result status="404" title="页面不存在" subTitle="该页面暂无内容" extra={<Button type="primary" onClick={() => navigate('/')}>返回首页</Button>} />
    </div>
  );
}
