import PhoneOutlined from '@ant-design/icons/PhoneOutlined';
import { siteConfig } from '../../lib/site-config';

/** Spec §1 footer: service phone and hours, the two QR codes, the ICP filing line. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="page-width site-footer__main">
        <div className="site-footer__service">
          <h2 className="site-footer__heading">客户服务</h2>
          <p className="site-footer__phone">
            <PhoneOutlined aria-hidden /> 客服电话 <strong>{siteConfig.serviceHotline}</strong>
          </p>
          <p className="site-footer__hours">服务时间 {siteConfig.serviceHours}</p>
        </div>
        <div className="site-footer__codes">
          <figure className="site-footer__qr">
            <img src={siteConfig.serviceWechatQr} alt="客服微信二维码" width={96} height={96} />
            <figcaption>客服微信</figcaption>
          </figure>
          <figure className="site-footer__qr">
            <img src={siteConfig.businessWechatQr} alt="商务合作二维码" width={96} height={96} />
            <figcaption>商务合作</figcaption>
          </figure>
        </div>
      </div>
      <div className="site-footer__legal">
        <div className="page-width">
          <span>© {new Date().getFullYear()} {siteConfig.name} 版权所有</span>
          <a href={siteConfig.icpFilingUrl} target="_blank" rel="noopener noreferrer">
            {siteConfig.icpFiling}
          </a>
        </div>
      </div>
    </footer>
  );
}
