import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import { useEffect, useState } from 'react';
import { UpdateProfileForm } from '../../../../domain/identity/user-profile.rule';
import { ApiError } from '../../lib/api-client';
import { getClientState, setClientState, type UserInfo } from '../../lib/client-state';
import { maskPhone } from '../../lib/format';
import { ImagePicker } from '../../lib/uploads';
import { useRequest } from '../../lib/use-request';
import { getUserInfo, updateProfile, type ProfileRequest } from './api/profile';
import { Pane } from './pane';

interface FormValues { name: string; sex: '男' | '女' | ''; birthday: string; headImage: string[] }

/** Today in Asia/Shanghai as yyyy-MM-dd: the latest birthday the date input offers (the server checks it too). */
const todayInShanghai = (): string => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** A form rule from the shared zod rule of one field, so the page says what the server would. */
const fieldRule = (field: 'name' | 'birthday') => ({
  validator: async (_: unknown, value: unknown) => {
    const result = UpdateProfileForm.shape[field].safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
});

/** The form's values from the loaded profile, or empty ones while it loads. */
const initialValues = (user: UserInfo | undefined): FormValues => ({
  name: user?.name ?? '',
  sex: user?.sex === '男' || user?.sex === '女' ? user.sex : '',
  birthday: user?.birthday ?? '',
  headImage: user?.headImage ? [user.headImage] : [],
});

/** 个人信息 (spec §3 user info, §7 Update user): avatar upload, name, sex, birthday; the greeting follows on save. */
export function UserInfoPage() {
  const { message } = App.useApp();
  const { data: user, error } = useRequest((signal) => getUserInfo(signal), []);

  useEffect(() => {
    if (error) void message.error(error.message);
  }, [error, message]);

  // Until the profile has loaded the form is disabled; then it mounts afresh (key) with the profile as its initial
  // values, so the answer never lands over something already typed.
  return (
    <Pane title="个人信息">
      <ProfileForm key={user ? 'loaded' : 'loading'} user={user} />
    </Pane>
  );
}

function ProfileForm({ user }: { user: UserInfo | undefined }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const headImage = values.headImage.at(-1) ?? user?.headImage ?? '';
    const request: ProfileRequest = { name: values.name.trim(), sex: values.sex, birthday: values.birthday, headImage };
    setSaving(true);
    try {
      const saved = await updateProfile(request);
      const current = getClientState().userInfo;
      setClientState({ userInfo: { ...current, ...saved } });
      void message.success('修改成功！');
    } catch (failure) {
      void message.error(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} disabled={!user} labelCol={{ flex: '96px' }} className="uc-profile" initialValues={initialValues(user)}>
      <Form.Item label="头像" name="headImage">
        <ImagePicker max={1} label="头像" />
      </Form.Item>
      <Form.Item label="昵称" name="name" rules={[fieldRule('name')]}>
        <Input maxLength={20} placeholder="请输入昵称" aria-label="昵称" />
      </Form.Item>
      <Form.Item label="性别" name="sex">
        <Radio.Group options={[{ value: '男', label: '男' }, { value: '女', label: '女' }]} />
      </Form.Item>
      <Form.Item label="生日" name="birthday" rules={[fieldRule('birthday')]}>
        <Input type="date" max={todayInShanghai()} aria-label="生日" className="uc-profile__date" />
      </Form.Item>
      <Form.Item label="手机号">
        <span>{maskPhone(user?.phone ?? '')}</span>
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" onClick={save} loading={saving}>保存</Button>
      </Form.Item>
    </Form>
  );
}
