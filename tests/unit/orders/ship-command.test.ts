import { demoWaybill } from '../../../domain/logistics/demo-waybill';
import { expressCompanies } from '../../../domain/logistics/express-companies';
import { parseShipArgs, shipmentOf } from '../../../services/ops/ship.command';

describe('npm run ops -- ship', () => {
  it('takes the order id alone: 顺丰速运 and the order\'s demo waybill', () => {
    const command = parseShipArgs(['42']);
    expect(command).toEqual({ kind: 'ship', orderId: 42, express: 'SF', waybill: null });
    expect(command && shipmentOf(command)).toEqual({ express: '1', deliverFormid: demoWaybill(42, expressCompanies[0]) });
  });

  it('takes a company code and a waybill', () => {
    const command = parseShipArgs(['42', '--express', 'zto', '--waybill', '731234567890']);
    expect(command && shipmentOf(command)).toEqual({ express: '2', deliverFormid: '731234567890' });
  });

  it.each([[[]], [['abc']], [['42', '--carrier', 'SF']], [['42', '--express']]])('refuses %j', (args) => {
    expect(parseShipArgs(args)).toBeNull();
  });

  it('names the known codes for an unknown company', () => {
    const command = parseShipArgs(['42', '--express', 'UPS']);
    expect(() => command && shipmentOf(command)).toThrow(/SF, ZTO/);
  });
});
