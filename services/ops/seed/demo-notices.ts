/** The demo notices: platform announcements (公告) and system notices, dated relative to the seeding moment. */
import type { NoticePublished } from '../../../domain/notice/notice.events';

type DemoNotice = NoticePublished & { daysAgo: number };

export const demoNotices: DemoNotice[] = [
  { noticeId: 1, noticeType: 2, daysAgo: 0, jump: 1, only: 0, noticeTitle: '双十二年终盛典预热开启，全场满300减40',
    noticeContent: '<p>12月1日至12月12日，集市年终盛典火热进行中。活动期间平台券满300减40，可与店铺券叠加使用，部分商品参与限时折扣与秒杀。</p><p>优惠券数量有限，领完即止。</p>' },
  { noticeId: 2, noticeType: 2, daysAgo: 1, jump: 1, only: 0, noticeTitle: '冬季物流时效说明：部分地区配送或有延迟',
    noticeContent: '<p>受降雪天气影响，东北、西北部分地区快递时效预计延长1-3天。请耐心等待，您可以在“我的订单”中随时查看物流进度。</p>' },
  { noticeId: 3, noticeType: 2, daysAgo: 2, jump: 1, only: 0, noticeTitle: '拼团新玩法上线：两人成团，开团即享优惠',
    noticeContent: '<p>在商品详情页点击“发起拼团”，邀请好友在规定时间内参团，成团后商家立即发货；未成团的订单将自动退款。</p>' },
  { noticeId: 4, noticeType: 2, daysAgo: 4, jump: 1, only: 0, noticeTitle: '关于防范电信诈骗的温馨提示',
    noticeContent: '<p>集市客服不会以任何理由要求您提供银行卡密码或短信验证码，也不会要求您线下转账。如遇可疑来电，请拨打客服热线核实。</p>' },
  { noticeId: 5, noticeType: 2, daysAgo: 6, jump: 1, only: 0, noticeTitle: '新入驻店铺专享：首单立减10元',
    noticeContent: '<p>本月新入驻的优质店铺为新用户准备了首单立减券，进入店铺首页即可领取。</p>' },
  { noticeId: 6, noticeType: 1, daysAgo: 3, jump: 1, only: 0, noticeTitle: '系统升级完成',
    noticeContent: '<p>集市已于凌晨完成系统升级，支付与订单查询速度大幅提升。感谢您的耐心与支持。</p>' },
  { noticeId: 7, noticeType: 1, daysAgo: 8, jump: 1, only: 0, noticeTitle: '用户服务协议更新通知',
    noticeContent: '<p>我们更新了《集市用户服务协议》与《隐私政策》，主要涉及售后服务时效与个人信息保护条款，更新后的协议自发布之日起生效。</p>' },
  { noticeId: 8, noticeType: 2, daysAgo: 10, jump: 1, only: 0, noticeTitle: '售后服务升级：退款极速到账',
    noticeContent: '<p>符合条件的“仅退款”申请，商家同意后款项将原路退回，最快当天到账。</p>' },
];
