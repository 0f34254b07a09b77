import Modal from 'antd/es/modal';
import { siteConfig } from '../../lib/site-config';

const SECTIONS: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: '一、协议的范围',
    text: '本协议是您与集市平台（以下简称“集市”）之间就注册、登录及使用集市购物服务所订立的协议。您勾选同意并完成注册，即表示您已阅读、理解并接受本协议全部内容。',
  },
  {
    title: '二、账号注册与使用',
    text: '您应使用本人实名登记的中国大陆手机号码，通过短信验证码完成注册和登录。账号仅限本人使用，不得出借、转让或出售。因您保管不善导致验证码泄露、账号被他人使用的，由您自行承担相应后果；发现账号异常时请立即联系客服。',
  },
  {
    title: '三、个人信息保护',
    text: '集市仅在提供服务所必需的范围内收集和使用您的手机号、收货地址、订单等信息，并采取合理的安全措施加以保护。未经您同意，集市不会向第三方提供您的个人信息，但为完成配送、支付及法律法规另有规定的除外。',
  },
  {
    title: '四、商品与交易',
    text: '集市上的商品由入驻商家销售，商品信息、价格、库存及售后服务由商家负责。订单提交后请在1小时内完成支付，逾期未付款的订单将自动关闭。退款、退货等售后事宜按照平台售后规则及商家承诺处理。',
  },
  {
    title: '五、用户行为规范',
    text: '您在使用评价、问答等功能时，应遵守法律法规和公序良俗，不得发布虚假、违法、侵权或含有广告骚扰的内容，不得以任何方式干扰平台正常运行。对违反规定的内容，集市有权删除，并视情节限制或终止您的账号使用。',
  },
  {
    title: '六、责任限制',
    text: '因不可抗力、网络故障或第三方原因导致服务中断的，集市将尽力及时恢复，但不承担由此造成的间接损失。商家对其商品质量承担责任，集市将协助您依法维护合法权益。',
  },
  {
    title: '七、协议的变更与终止',
    text: '集市可根据业务调整修订本协议，修订后的协议将在平台公布；您继续使用服务即视为接受修订内容。您可随时停止使用服务，或联系客服注销账号。',
  },
  {
    title: '八、联系我们',
    text: `如对本协议有任何疑问，请拨打客服电话 ${siteConfig.serviceHotline}（服务时间 ${siteConfig.serviceHours}）。`,
  },
];

/** Spec §1, §2: the registration agreement, shown in a dialog from the register form. */
export function ServiceAgreementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title="集市用户服务协议"
      onCancel={onClose}
      onOk={onClose}
      okText="我知道了"
      cancelButtonProps={{ style: { display: 'none' } }}
      width={640}
    >
      <div className="service-agreement" data-testid="service-agreement">
        {SECTIONS.map((section) => (
          <section key={section.title}>
            <h4>{section.title}</h4>
            <p>{section.text}</p>
          </section>
        ))}
      </div>
    </Modal>
  );
}
