/**
 * A picture picker for every form that takes shopper photos (reviews, append reviews, after-sale proofs, avatars): an
 * antd picture-card Upload that sends each file to /file/upload, previews and removes them, and stops at `max`.
 * Controlled: `value` is the list of issued URLs, `onChange` hears the new list once an upload finished or a picture
 * was removed (pictures still uploading are not in it).
 */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Image from 'antd/es/image';
import Upload, { type UploadFile, type UploadProps } from 'antd/es/upload';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api-client';
import { ACCEPTED_IMAGE_TYPES, IMAGE_TOO_LARGE, IMAGE_TYPE_REFUSED, MAX_IMAGE_BYTES, uploadImage, type UploadedImage } from './upload-image';

export interface ImagePickerProps {
  value?: string[];
  onChange?: (urls: string[]) => void;
  /** At most this many pictures (spec: 5 per review or after-sale proof). */
  max?: number;
  disabled?: boolean;
  /** Names the picker for assistive technology and tests, e.g. 评价图片. */
  label?: string;
}

const fileOf = (url: string): UploadFile => ({ uid: url, name: url.slice(url.lastIndexOf('/') + 1), status: 'done', url });
const urlOf = (file: UploadFile): string | undefined => file.url ?? (file.response as UploadedImage | undefined)?.url;
const doneUrls = (files: UploadFile[]) => files.filter((f) => f.status === 'done').map(urlOf).filter((u): u is string => !!u);

export function ImagePicker({ value = [], onChange, max = 5, disabled, label = '上传图片' }: ImagePickerProps) {
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>(() => value.map(fileOf));
  const [preview, setPreview] = useState<string | null>(null);
  const reported = useRef(value.join('\n'));

  // a parent that resets or fills the value (e.g. a cleared form) is followed; our own reports are not echoed back
  useEffect(() => {
    const joined = value.join('\n');
    if (joined === reported.current) return;
    reported.current = joined;
    setFiles(value.map(fileOf));
  }, [value]);

  const report = (next: UploadFile[]) => {
    const urls = doneUrls(next);
    const joined = urls.join('\n');
    if (joined === reported.current) return;
    reported.current = joined;
    onChange?.(urls);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      void message.error(IMAGE_TYPE_REFUSED);
      return Upload.LIST_IGNORE;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      void message.error(IMAGE_TOO_LARGE);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    uploadImage(file as Blob).then(
      (uploaded) => onSuccess?.(uploaded),
      (error: unknown) => {
        void message.error(error instanceof ApiError ? error.message : '图片上传失败');
        onError?.(error instanceof Error ? error : new Error('图片上传失败'));
      },
    );
  };

  const handleChange: UploadProps['onChange'] = ({ fileList }) => {
    // a failed upload leaves no broken card behind; a finished one shows the server's display picture
    const next = fileList.filter((f) => f.status !== 'error').map((f) => (f.status === 'done' && !f.url ? { ...f, url: urlOf(f) } : f));
    setFiles(next);
    report(next);
  };

  return (
    <div className="image-picker" aria-label={label} role="group">
      <Upload
        listType="picture-card"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        fileList={files}
        maxCount={max}
        multiple={max > 1}
        disabled={disabled}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={handleChange}
        onPreview={(file) => setPreview(urlOf(file) ?? null)}
      >
        {files.length >= max ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }} aria-label={label}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>上传</div>
          </button>
        )}
      </Upload>
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          alt="预览"
          preview={{ open: true, onOpenChange: (open) => { if (!open) setPreview(null); } }}
        />
      )}
    </div>
  );
}
