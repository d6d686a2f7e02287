import { Toast } from 'antd-mobile';

// antd-mobile's Toast brings its mask and animation library (react-spring): lib/toast.ts loads
// this module the first time a toast is shown, so the first screen does not carry them.
export const showToast: typeof Toast.show = (props) => Toast.show(props);
